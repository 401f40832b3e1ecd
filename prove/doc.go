// Package prove settles a position's weak result (win, draw or loss for
// the side to move) by a job-level proof-number search that outlives its
// process and spreads over machines, and writes a proof that anyone can
// check without trusting it.
//
// The lifecycle:
//
//   - Open opens a search's database (pebble), creating it from Settings;
//     a search opened again goes on where it was, with its own settings.
//   - Local runs workers in this process; or Serve (Handler) hands jobs out
//     over HTTP (protocol: http.go) to workers elsewhere, each running Work
//     with a Client and a Searcher, and Wait waits for the result. A worker
//     takes jobs from a Source (Next, which blocks until a job is free and
//     returns ErrOver once the search is over) and hands results back
//     (Finish). Jobs are DFPN searches of the tree's most-proving leaves
//     (package pns, whose proof-number arithmetic the tree shares); a job
//     that settles its leaf sends the strategy below it, the winning
//     side's moves.
//   - Once Result is known, Manager.Proof writes the proof: for each side
//     that reaches its goal, its moves in the order of package cert's walk.
//     Encode and Decode write and read it as a file.
//   - Verify checks a proof with package cert, which trusts the rules of
//     the game, Allis's rules and negamax, not the search nor the file's
//     result; a VerifyLog lets a long check stop and go on.
//
// Checkpoint (CheckpointTo) and Restore carry a search's tree to another
// machine. Status is the search's progress, as /status serves it.
package prove
