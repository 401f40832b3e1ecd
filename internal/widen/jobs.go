package main

// job is one package to generate.
type job struct {
	from, to string // import paths: the 64-bit source, the 128-bit package
}

// jobs are the packages generated, dependencies first. An import of one
// job's source in another's becomes an import of its generated package.
var jobs = []job{
	{"c4/position", "c4/internal/wide/position"},
	{"c4/search", "c4/internal/wide/search"},
	{"c4/negamax", "c4/internal/wide/negamax"},
	{"c4/pns", "c4/internal/wide/pns"},
	{"c4/threat", "c4/internal/wide/threat"},
	{"c4/cert", "c4/internal/wide/cert"},
}

// wordPackage and wordName name the 64-bit word type, whose operations
// are rewritten.
const (
	wordPackage = "c4/position"
	wordName    = "Bits"
)
