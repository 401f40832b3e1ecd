package serve

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"c4/game"
	"c4/search"
	"c4/solver"
	"c4/testsets"
	"c4/testsets/publictest"
)

// discard is the tests' request log.
var discard = slog.New(slog.NewTextHandler(io.Discard, nil))

// testServer is a Server behind an httptest.Server.
type testServer struct {
	*httptest.Server
	srv *Server
}

// newTestServer starts a Server of cfg (16 MiB tables and a 30 s budget
// unless it says otherwise, no request logs) on loopback, closed when t
// ends. The default budget of 2 s was too short for 4444441526 under -race
// on a loaded machine: tests that do not test the budget must not meet it.
func newTestServer(t testing.TB, cfg Config) testServer {
	t.Helper()
	cfg.Logger = discard
	if cfg.TableMiB == 0 {
		cfg.TableMiB = 16
	}
	if cfg.Budget == 0 {
		cfg.Budget = 30 * time.Second
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(srv.Close)
	t.Cleanup(ts.Close) // first: the cleanups run last added first
	return testServer{ts, srv}
}

// get asks for /api/solve with the query q and decodes the JSON reply.
func get(t testing.TB, client *http.Client, base, q string) (int, Answer, string) {
	t.Helper()
	res, err := client.Get(base + "/api/solve?" + q)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("%s: Content-Type %q", q, ct)
	}
	if ra := res.Header.Get("Retry-After"); (res.StatusCode == http.StatusServiceUnavailable) != (ra != "") {
		t.Fatalf("%s: status %d with Retry-After %q: a 503 says when to try again, nothing else does", q, res.StatusCode, ra)
	}
	var a Answer
	var e apiError
	if res.StatusCode == http.StatusOK {
		err = json.Unmarshal(body, &a)
	} else {
		err = json.Unmarshal(body, &e)
	}
	if err != nil {
		t.Fatalf("%s: %d %q: %v", q, res.StatusCode, body, err)
	}
	return res.StatusCode, a, e.Error
}

func TestSolve(t *testing.T) {
	ts := newTestServer(t, Config{})
	code, a, _ := get(t, ts.Client(), ts.URL, "pos=4444441526")
	want := []int{2, 2, 16, 0, 2, 2, 2} // the 0 is the full column, null
	if code != http.StatusOK || a.Pos != "4444441526" || a.Score != 16 || len(a.Moves) != 7 || a.Moves[3] != nil {
		t.Fatalf("%d %+v", code, a)
	}
	for c, w := range want {
		if c != 3 && *a.Moves[c] != w {
			t.Errorf("move %d: %d, want %d", c+1, *a.Moves[c], w)
		}
	}
	code, a, _ = get(t, ts.Client(), ts.URL, "pos=4444441526&weak=1")
	if code != http.StatusOK || a.Score != 1 || *a.Moves[0] != 1 {
		t.Errorf("weak: %d %+v", code, a)
	}
	if a.Explain != "" {
		t.Errorf("4444441526: explained %q, where the rules prove nothing", a.Explain)
	}
	if _, a, _ = get(t, ts.Client(), ts.URL, "pos=24421444"); !strings.HasPrefix(a.Explain, "Yellow at least draws: ") {
		t.Errorf("24421444: explained %q, want Yellow's follow-up", a.Explain)
	}
	if _, a, _ = get(t, ts.Client(), ts.URL, "pos=24421444&sides=X,O"); !strings.HasPrefix(a.Explain, "O at least draws: answer every move of X's") {
		t.Errorf("24421444 with sides X,O: explained %q, want O's follow-up", a.Explain)
	}
	for path, want := range map[string]int{"/healthz": 200, "/": 200, "/index.html": 301, "/nothing": 404} {
		res, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want && !(want == 301 && res.StatusCode == 200) {
			t.Errorf("GET %s: %d, want %d", path, res.StatusCode, want)
		}
	}
	res, err := ts.Client().Post(ts.URL+"/api/solve?pos=4", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", res.StatusCode)
	}
}

func TestBadInput(t *testing.T) {
	ts := newTestServer(t, Config{})
	for q, want := range map[string]string{
		"pos=448":                         "not a column",
		"pos=4a":                          "not a column",
		"pos=" + url.QueryEscape("4 4"):   "not a column",
		"pos=1111111":                     "column 1 is full",
		"pos=4455667":                     "already over",
		"pos=" + strings.Repeat("1", 100): "too long",
		"pos=44&weak=2":                   "weak",
		"pos=%G1":                         "the query does not parse",
		"pos=4&pos=5":                     "pos is given 2 times",
		"pos=4&weak=1&weak=1":             "weak is given 2 times",
		"pos=4&weak=":                     `weak="": want 0 or 1`,
		"weak=1":                          "pos is missing",
		"":                                "pos is missing",
		"pos=4&depth=3":                   `unknown parameter "depth"`,
		"pos=4&sides=X":                   "sides \"X\": want two names",
		"pos=4&sides=X,O&sides=A,B":       "sides is given 2 times",
	} {
		code, _, msg := get(t, ts.Client(), ts.URL, q)
		if code != http.StatusBadRequest || !strings.Contains(msg, want) {
			t.Errorf("%s: %d %q, want 400 with %q", q, code, msg, want)
		}
	}
}

// TestBytes: one table per solver (one per processor unless set), one more
// to solve ahead.
func TestBytes(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		want int64
	}{
		{"three solvers", Config{Solvers: 3, TableMiB: 1}, 3 << 20},
		{"and ahead", Config{Solvers: 3, TableMiB: 1, Ahead: true}, 4 << 20},
		{"defaults", Config{Ahead: true}, int64(search.DefaultThreads()+1) * search.DefaultTableMiB << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.cfg.Bytes(); got != tc.want {
				t.Errorf("%+v: %d bytes, want %d", tc.cfg, got, tc.want)
			}
		})
	}
}

// TestConfigCheck: every field out of range is refused.
func TestConfigCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"defaults", Config{}, ""},
		{"negative table", Config{TableMiB: -1}, "TableMiB -1: want 0 to"},
		{"threads", Config{Threads: 100000}, "Threads 100000: want 0 to 1024"},
		{"solvers", Config{Solvers: -2}, "Solvers -2"},
		{"budget", Config{Budget: -time.Second}, "Budget -1s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.cfg.Check()
			if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check() = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestBoardInfo: GET /api/board names the server's board.
func TestBoardInfo(t *testing.T) {
	b, err := game.ParseBoard("5x4")
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Board: b})
	res, err := ts.Client().Get(ts.URL + "/api/board")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got BoardInfo
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil || res.StatusCode != 200 || got != (BoardInfo{"5x4", 5, 4}) {
		t.Errorf("%d %+v %v, want 5x4", res.StatusCode, got, err)
	}
}

// TestOtherMethodsAndPaths: another method, or a path that is neither the API's nor the
// page's, gets a JSON error too.
func TestOtherMethodsAndPaths(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, tc := range []struct {
		method, path string
		code         int
		want         string
	}{
		{"POST", "/api/solve?pos=4", http.StatusMethodNotAllowed, "POST /api/solve: the server answers GET"},
		{"DELETE", "/api/", http.StatusMethodNotAllowed, "DELETE /api/: the server answers GET"},
		{"GET", "/api/solv", http.StatusNotFound, "/api/solv: no such endpoint"},
		{"GET", "/nothing", http.StatusNotFound, "/nothing: no such page"},
		{"POST", "/", http.StatusMethodNotAllowed, "POST /: the server answers GET"},
		{"PUT", "/healthz", http.StatusMethodNotAllowed, "PUT /healthz: the server answers GET"},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, ts.URL+tc.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var e apiError
			err = json.NewDecoder(res.Body).Decode(&e)
			res.Body.Close()
			if res.StatusCode != tc.code || err != nil || !strings.Contains(e.Error, tc.want) || res.Header.Get("Content-Type") != "application/json" {
				t.Errorf("%s %s: %d %q (%v), want %d with %q", tc.method, tc.path, res.StatusCode, e.Error, err, tc.code, tc.want)
			}
		})
	}
}

// TestOversized: a request too long for the API, up to the size the HTTP
// server reads, gets the API's 400 in JSON, as every bad position does.
func TestOversized(t *testing.T) {
	srv, err := New(Config{Logger: discard, TableMiB: 16})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Config = srv.HTTPServer("")
	ts.Start()
	t.Cleanup(ts.Close)
	for _, n := range []int{100, 10 << 10, 600 << 10} {
		code, _, msg := get(t, ts.Client(), ts.URL, "pos="+strings.Repeat("4", n))
		if code != http.StatusBadRequest || !strings.Contains(msg, "too long") {
			t.Errorf("pos of %d moves: %d %q, want 400 in JSON", n, code, msg)
		}
	}
}

// TestBudget: a position too hard for the budget gets 503 in about the
// budget's time.
func TestBudget(t *testing.T) {
	ts := newTestServer(t, Config{Budget: 100 * time.Millisecond})
	start := time.Now()
	code, _, msg := get(t, ts.Client(), ts.URL, "pos=")
	if code != http.StatusServiceUnavailable || !strings.Contains(msg, "budget") {
		t.Errorf("empty board: %d %q", code, msg)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("answered after %v", d)
	}
	// The solver is still good for the next request (an end-game position,
	// solved well within the budget even under -race).
	if code, a, _ := get(t, ts.Client(), ts.URL, "pos=2252576253462244111563365343671351441"); code != 200 || a.Score != -1 {
		t.Errorf("after a timeout: %d %+v", code, a)
	}
}

// TestShutdown: when Serve's context ends, the search under way stops at
// once, whatever the budget: its request gets 503, and Serve returns
// within a second.
func TestShutdown(t *testing.T) {
	srv, err := New(Config{Logger: discard, TableMiB: 16, Solvers: 1, Threads: 1, Budget: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	type result struct {
		code int
		msg  string
	}
	answered := make(chan result, 1)
	go func() {
		var r result
		defer func() { answered <- r }() // also when get fails the test
		r.code, _, r.msg = get(t, http.DefaultClient, "http://"+ln.Addr().String(), "pos=")
	}()
	time.Sleep(300 * time.Millisecond) // searching the empty board
	cancel()
	start := time.Now()
	select {
	case err := <-served:
		if err != nil || time.Since(start) > time.Second {
			t.Errorf("Serve returned %v after %s", err, time.Since(start))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve still running 5 s after its context ended")
	}
	if r := <-answered; r.code != http.StatusServiceUnavailable || !strings.Contains(r.msg, "shutting down") {
		t.Errorf("the request under way: %d %q", r.code, r.msg)
	}
}

// TestBusy: with one solver busy on a long request, another waits its
// time and gets 503.
func TestBusy(t *testing.T) {
	ts := newTestServer(t, Config{Solvers: 1, Budget: time.Second, Wait: 50 * time.Millisecond})
	var wg sync.WaitGroup
	wg.Go(func() { get(t, ts.Client(), ts.URL, "pos=44") }) // takes the whole second
	time.Sleep(200 * time.Millisecond)
	code, _, msg := get(t, ts.Client(), ts.URL, "pos=4444441526")
	if code != http.StatusServiceUnavailable || !strings.Contains(msg, "busy") {
		t.Errorf("second request: %d %q", code, msg)
	}
	wg.Wait()
}

// TestPool: a request takes the solver used last, and the others while it
// is in use.
func TestPool(t *testing.T) {
	a, b := new(solver.Solver), new(solver.Solver) // the pool only hands them out
	p := pool{free: make(chan struct{}, 2)}
	p.give(a)
	p.give(b)
	<-p.free
	if s := p.take(); s != b {
		t.Fatal("the solver used first was taken")
	}
	<-p.free
	if s := p.take(); s != a {
		t.Fatal("the solver in use was taken")
	}
}

// TestLoad sends 10,000 requests from 32 clients, End and Middle positions
// of the public sets (End-Easy, Middle-Easy and Middle-Medium, their 3,000
// lines over and over), to a server that solves ahead (as c4 serve does):
// every answer is right, and no status but 200 and the documented 503
// comes back. After the server closes, no goroutine is left over. With
// -short (as with -race, whose solves take ten times as long) it leaves
// Middle-Medium out.
func TestLoad(t *testing.T) {
	var cases []testsets.Case
	names := []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2"}
	if testing.Short() {
		names = names[:2]
	}
	for _, name := range names {
		cases = append(cases, publictest.Set(t, name).Cases...)
	}
	before := runtime.NumGoroutine()
	// A wait longer than c4 serve's lets a machine whose cores are busy
	// elsewhere answer as many (TestBusy checks the short wait).
	ts := newTestServer(t, Config{Ahead: true, Wait: 10 * time.Second})
	const requests, clients = 10000, 32
	var next, ok, busy atomic.Int64
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < requests; i = int(next.Add(1)) - 1 {
				c := cases[i%len(cases)]
				code, a, msg := get(t, ts.Client(), ts.URL, "pos="+c.Moves)
				switch {
				case code == http.StatusOK && a.Score == c.Score:
					ok.Add(1)
				case code == http.StatusServiceUnavailable:
					busy.Add(1)
				default:
					t.Errorf("%q: %d %+v %q, want score %d", c.Moves, code, a, msg, c.Score)
				}
			}
		})
	}
	wg.Wait()
	ts.Close()
	ts.srv.Close()
	t.Logf("%d right, %d busy (503)", ok.Load(), busy.Load())
	if ok.Load() < requests*9/10 {
		t.Errorf("only %d of %d answered", ok.Load(), requests)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after shutdown, %d before", n, before)
	}
}

// FuzzPos sends any pos parameter to a server that solves ahead, as c4
// serve does: the reply is 200, 400 or 503 with JSON, never a panic or a
// 500.
func FuzzPos(f *testing.F) {
	ts := newTestServer(f, Config{Budget: 50 * time.Millisecond, Ahead: true})
	for _, s := range []string{"", "4453", "448", "4455667", "1111111", "\x00", "4444441526"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		code, a, _ := get(t, ts.Client(), ts.URL, "pos="+url.QueryEscape(pos))
		switch code {
		case http.StatusOK:
			if a.Pos != pos || len(a.Moves) != 7 {
				t.Fatalf("%q: %+v", pos, a)
			}
		case http.StatusBadRequest, http.StatusServiceUnavailable:
		default:
			t.Fatalf("%q: status %d", pos, code)
		}
	})
}

// BenchmarkAPI times GET /api/solve over loopback, one request at a time,
// on the first 1000 positions of End-Easy, Middle-Easy and Middle-Medium
// (the solvers' tables kept, as a running server's are), and reports the
// 50th and 99th percentiles of the requests, and the 99th of the solves'
// own time inside the server (the answers' micros), which sets apart what
// HTTP adds:
//
//	go test ./serve -run XXX -bench API -benchtime 1000x
func BenchmarkAPI(b *testing.B) {
	for _, name := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2"} {
		set := publictest.Set(b, name)
		b.Run(testsets.Label(name), func(b *testing.B) {
			ts := newTestServer(b, Config{TableMiB: 64, Ahead: true}) // as c4 serve runs
			var times, solves []time.Duration
			i := 0
			for b.Loop() {
				c := set.Cases[i%len(set.Cases)]
				i++
				start := time.Now()
				code, a, _ := get(b, ts.Client(), ts.URL, "pos="+c.Moves)
				if code != 200 || a.Score != c.Score {
					b.Fatalf("%q: %d %+v", c.Moves, code, a)
				}
				times = append(times, time.Since(start))
				solves = append(solves, time.Duration(a.Micros)*time.Microsecond)
			}
			b.ReportMetric(percentile(times, 50), "p50-µs")
			b.ReportMetric(percentile(times, 99), "p99-µs")
			b.ReportMetric(percentile(solves, 99), "solve-p99-µs")
		})
	}
}

// percentile returns the q-th percentile of ds in microseconds; it sorts ds.
func percentile(ds []time.Duration, q int) float64 {
	slices.Sort(ds)
	return float64(ds[len(ds)*q/100].Microseconds())
}

// TestWideBoard: a board past 64 bits is served as any other, with the
// scores c4 solve --analyze gives, and solved ahead.
func TestWideBoard(t *testing.T) {
	b, err := game.ParseBoard("8x8")
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Board: b, Ahead: true})
	const pos = "325288874681771854261111766716468744"
	code, a, body := get(t, ts.Client(), ts.URL, "pos="+pos)
	if want := []int{6, 6, 5, 6, -13, 6, 6, 6}; code != 200 || a.Score != 6 || !slices.Equal(values(a.Moves), want) {
		t.Fatalf("%d %s, want the scores %v", code, body, want)
	}
	if code, _, body := get(t, ts.Client(), ts.URL, "pos=9"); code != 400 || !strings.Contains(body, "not a column of the 8x8 board") {
		t.Errorf("a ninth column: %d %s", code, body)
	}
}
