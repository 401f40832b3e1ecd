package main

import (
	"embed"
	"strings"
)

// helpFiles are the commands' help texts, help/COMMAND.txt (for a book or
// testsets subcommand, help/book-generate.txt): text a reviewer reads as
// text, beside the code that parses the flags it describes.
//
//go:embed help/*.txt
var helpFiles embed.FS

// help is the help text of the command name, the usage line first.
func help(name string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("c4: no help text for " + name)
	}
	return strings.TrimSuffix(string(b), "\n")
}
