package serve_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"

	"c4/serve"
)

// A server on a test listener, asked for its board, then for the position
// 4444441526: its score and the score of each column's move (null, here
// "full", for a full column: column 4 holds six stones).
func ExampleServer() {
	srv, err := serve.New(serve.Config{TableMiB: 16, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	res, err := http.Get(ts.URL + "/api/board")
	if err != nil {
		panic(err)
	}
	board, _ := io.ReadAll(res.Body)
	res.Body.Close()
	fmt.Printf("%s", board)

	res, err = http.Get(ts.URL + "/api/solve?pos=4444441526")
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	var a serve.Answer
	if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
		panic(err)
	}
	fmt.Print(res.Status, " ", a.Pos, " ", a.Score, ":")
	for _, m := range a.Moves {
		if m == nil {
			fmt.Print(" full")
		} else {
			fmt.Print(" ", *m)
		}
	}
	fmt.Println()
	// Output:
	// {"board":"7x6","width":7,"height":6}
	// 200 OK 4444441526 16: 2 2 16 full 2 2 2
}
