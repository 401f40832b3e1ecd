package web_test

import (
	"fmt"
	"io/fs"

	"c4/web"
)

// The page's files, as c4 serve serves them (Build writes them with the
// solver and the book beside them, as a static site).
func Example() {
	names, _ := fs.Glob(web.Files(), "*")
	fmt.Println(names)
	// Output: [app.js index.html rules.mjs solvers.mjs style.css sw.js]
}
