// Package cert is a certificate of a weak result that is checked, not
// trusted: a strategy for one player, the move it plays at each position
// where it is to move, down to leaves whose outcome the checker finds for
// itself. A proof search (package prove) writes one with Build; anyone can
// check it with Check, which costs a walk over the strategy and a small
// search of each small leaf, far less than the search that found it.
//
// # The walk
//
// A Claim names a player (the root's side to move or its opponent), a goal
// (Win, or NotLose: a draw or a win) and a leaf size. Check and Build walk
// the same way from the root, depth first, columns left to right, each
// position once (a position and its mirror image count as one, by
// position.CanonicalKey):
//
//   - where the player is to move, the walk ends at a leaf: the board is
//     full (the goal NotLose is met, Win missed); the player can complete
//     four at once; under NotLose, the opponent can no longer complete any
//     four; or the position has at most LeafCells empty cells (a small
//     leaf). Elsewhere the certificate gives the player's move, the next
//     byte of the strategy, which must be a legal column; a move that
//     completes four ends there, met;
//   - where the opponent is to move, the walk ends at a leaf: the board is
//     full; under NotLose, the opponent can no longer complete any four;
//     the player, as the follower, has a combination of Allis's rules
//     (threat.Rules, a winning one under Win) found afresh from the
//     position; or it is a small leaf. Elsewhere the walk takes every
//     legal move of the opponent's; one that completes four fails the
//     check.
//
// A strategy is the player's moves in the order the walk asks for them;
// one with moves left over, or too few, fails. A small leaf is settled by
// package negamax, one null-window search: the player's score at least 1
// (Win) or 0 (NotLose) when it is to move, the opponent's at most -1 or 0
// when it is.
//
// # What Check trusts
//
// The rules of the game as package position plays them (legal moves,
// four in a row, the mirror image), the walk in this package, Allis's
// rules as package threat combines them (for the leaves where the opponent
// is to move), and package negamax (for the small leaves). Nothing in a
// certificate but the player's moves: which position is a leaf, and how it
// is settled, Check finds out itself. DFPN (package pns), which finds the
// moves, is not trusted: a wrong move fails the check at the node that
// follows it.
package cert
