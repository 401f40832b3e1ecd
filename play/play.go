// Package play is a game of Connect Four against perfect play, in a
// terminal: c4 draws the board, shows the score of every move if asked,
// reads the human's moves, and answers with its best one. It reads lines,
// so a pipe can play it: that is how it is tested.
package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"c4/game"
	"c4/internal/lines"
	"c4/position"
	"c4/search"
	"c4/solver"
)

// Config sets up a game.
type Config struct {
	Solver     *solver.Solver        // negamax's: the games need exact scores; its board is the game's
	HumansTurn func(stones int) bool // whether the human plays the stone after this many
	Hints      bool                  // show the score of every column before the human moves
	Colour     bool                  // draw the stones in colour (for a terminal)
	// Start is the position every game starts from, as its moves ("" the
	// empty board): the early positions of the boards past 64 bits are
	// beyond any solver, their late ones are not. Undo goes back no
	// further.
	Start string
	// Searching, if set, is called as each search of a position (given by
	// its moves) starts, and what it returns as the search ends: c4 shows
	// the search's progress there, as a search without a book can take
	// minutes.
	Searching func(moves string) (done func())
}

// Run plays games, reading the human's commands from in and writing the
// board and messages to out, until the human quits ("q", "n" when asked to
// play again, or the end of the input) or ctx ends.
// An interrupt (ctx ending) at a prompt ends it at once, with ctx's error.
// A Start that is no position, or a finished one, is an error.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	if _, err := cfg.Solver.Position(cfg.Start); err != nil {
		return err
	}
	lr := lines.NewReader(ctx, in)
	defer lr.Close()
	for {
		quit, err := playOne(ctx, cfg, lr, out)
		if quit || err != nil {
			return err
		}
		if again, err := playAgain(lr, out); !again || err != nil {
			return err
		}
	}
}

// readAnswer prints prompt and reads the answer: "" with quit at the end
// of the input, ctx's error if it ends.
func readAnswer(lr *lines.Reader, out io.Writer, prompt string) (answer string, quit bool, err error) {
	fmt.Fprint(out, prompt)
	_, text, err := lr.Next()
	switch {
	case errors.Is(err, io.EOF):
		fmt.Fprintln(out)
		return "", true, nil
	case errors.Is(err, lines.ErrLong):
		return "", false, nil
	case err != nil:
		fmt.Fprintln(out)
		return "", true, err
	}
	return strings.TrimSpace(text), false, nil
}

// playAgain asks whether to play another game.
func playAgain(lr *lines.Reader, out io.Writer) (bool, error) {
	for {
		answer, quit, err := readAnswer(lr, out, "play again? (y/n): ")
		if quit {
			return false, err
		}
		switch strings.ToLower(answer) {
		case "y", "yes":
			return true, nil
		case "n", "no", "q", "quit":
			return false, nil
		}
		fmt.Fprintln(out, "type y or n")
	}
}

// playOne plays one game; quit says that the human ended it and wants no
// other.
func playOne(ctx context.Context, cfg Config, lr *lines.Reader, out io.Writer) (quit bool, err error) {
	g := match{cfg: cfg, out: out, pos: game.New(cfg.Solver.Board())}
	for _, ch := range []byte(cfg.Start) {
		c, _ := cfg.Solver.Board().Column(string(ch))
		g.play(c)
	}
	g.start = len(g.moves)
	g.sides()
	for {
		g.draw()
		if g.pos.IsOver() {
			g.result()
			return false, nil
		}
		if !cfg.HumansTurn(g.pos.Moves()) {
			if err := g.machineMove(ctx); err != nil {
				return true, err
			}
			continue
		}
		if cfg.Hints {
			if err := g.hints(ctx); err != nil {
				return true, err
			}
		}
		for {
			answer, quit, err := readAnswer(lr, out, fmt.Sprintf("your move, %s (%s, u undo, q quit): ", g.stone(g.pos.Moves()%2), cfg.Solver.Board().ColumnRange()))
			if quit {
				return true, err
			}
			done, quit := g.command(answer)
			if quit {
				return true, nil
			}
			if done {
				break
			}
		}
	}
}

// match is the state of one game.
type match struct {
	cfg     Config
	out     io.Writer
	pos     game.Position
	history []game.Position // the positions before each stone
	moves   []int
	start   int // the stones of Config.Start, which undo keeps
}

// command carries out one line of the human's: done when it played or
// undid a move, quit to end the game.
func (g *match) command(line string) (done, quit bool) {
	switch line {
	case "q", "quit":
		return false, true
	case "u", "undo":
		// Take back to the human's previous turn: the machine's reply too.
		n := len(g.history)
		for n > g.start {
			n--
			if g.cfg.HumansTurn(n) {
				g.pos, g.history, g.moves = g.history[n], g.history[:n], g.moves[:n]
				return true, false
			}
		}
		fmt.Fprintln(g.out, "nothing to undo")
		return false, false
	}
	c, ok := g.cfg.Solver.Board().Column(line)
	switch {
	case !ok:
		fmt.Fprintf(g.out, "%q: type a column (%s), u to undo or q to quit\n", line, g.cfg.Solver.Board().ColumnRange())
	case !g.pos.CanPlay(c):
		fmt.Fprintf(g.out, "column %c is full\n", position.ColumnName(c))
	default:
		g.play(c)
		return true, false
	}
	return false, false
}

func (g *match) play(c int) {
	g.history = append(g.history, g.pos)
	g.moves = append(g.moves, c)
	g.pos.PlayColumn(c)
}

// analyze returns the score of every column.
func (g *match) analyze(ctx context.Context) ([]int, error) {
	if g.cfg.Searching != nil {
		defer g.cfg.Searching(position.Format(g.moves))()
	}
	scores, _, err := g.cfg.Solver.Analyze(ctx, g.pos, search.Strong)
	return scores, err
}

// machineMove plays c4's best move.
func (g *match) machineMove(ctx context.Context) error {
	scores, err := g.analyze(ctx)
	if err != nil {
		return err
	}
	c := search.BestMove(scores)
	fmt.Fprintf(g.out, "c4 plays %c (score %s for c4)\n", position.ColumnName(c), signed(scores[c]))
	g.play(c)
	return nil
}

// hints prints the score of every column for the human.
func (g *match) hints(ctx context.Context) error {
	scores, err := g.analyze(ctx)
	if err != nil {
		return err
	}
	var sb strings.Builder
	sb.WriteString("scores:")
	for _, s := range scores {
		if s == search.InvalidMove {
			sb.WriteString("  -")
		} else {
			sb.WriteString(" " + signed(s))
		}
	}
	fmt.Fprintln(g.out, sb.String())
	return nil
}

// signed writes a score with its sign, but a draw as 0: "+3", "0", "-2".
func signed(score int) string {
	if score > 0 {
		return "+" + strconv.Itoa(score)
	}
	return strconv.Itoa(score)
}

// sides says who plays which stones.
func (g *match) sides() {
	you := 0
	if !g.cfg.HumansTurn(0) {
		you = 1
	}
	order := [2]string{"first", "second"}
	fmt.Fprintf(g.out, "\nnew game: you play %s (%s), c4 plays %s (%s)\n",
		g.stone(you), order[you], g.stone(1-you), order[1-you])
}

// stone is how the board draws the stones of the first (0) or second (1)
// player.
func (g *match) stone(player int) string {
	if g.cfg.Colour {
		return [2]string{"\033[31mX\033[0m", "\033[33mO\033[0m"}[player]
	}
	return [2]string{"X", "O"}[player]
}

// result says how the game ended.
func (g *match) result() {
	switch {
	case !g.pos.HasFour():
		fmt.Fprintln(g.out, "draw: the board is full")
	case g.cfg.HumansTurn(g.pos.Moves() - 1):
		fmt.Fprintln(g.out, "you win: four in a row")
	default:
		fmt.Fprintln(g.out, "c4 wins: four in a row")
	}
	if g.pos.HasFour() && !g.cfg.Colour {
		fmt.Fprintln(g.out, "(* marks the four)")
	}
	fmt.Fprintf(g.out, "moves: %s\n", position.Format(g.moves))
}

// draw prints the board, the first player's stones as X and the second's
// as O (in red and yellow with Colour), and the column numbers. The stones
// of a four in a row are drawn as * (in reverse video with Colour).
func (g *match) draw() {
	b := g.cfg.Solver.Board()
	grid := g.grid()
	four := fourIn(grid)
	fmt.Fprintln(g.out)
	for r := b.Height() - 1; r >= 0; r-- {
		var sb strings.Builder
		for c := range b.Width() {
			sb.WriteByte(' ')
			switch p := grid[c][r]; {
			case p < 0:
				sb.WriteByte('.')
			case !four[[2]int{c, r}]:
				sb.WriteString(g.stone(p))
			case g.cfg.Colour:
				sb.WriteString("\033[7m" + g.stone(p))
			default:
				sb.WriteByte('*')
			}
		}
		fmt.Fprintln(g.out, sb.String())
	}
	var sb strings.Builder
	for c := range b.Width() {
		sb.WriteByte(' ')
		sb.WriteByte(position.ColumnName(c))
	}
	fmt.Fprintln(g.out, sb.String())
}

// grid is the board by column and row: 0 where the first player has the
// cell, 1 where the second has it, -1 where it is empty.
func (g *match) grid() [][]int {
	b := g.cfg.Solver.Board()
	grid := make([][]int, b.Width())
	for c := range grid {
		grid[c] = slices.Repeat([]int{-1}, b.Height())
	}
	heights := make([]int, b.Width())
	for i, c := range g.moves {
		grid[c][heights[c]] = i % 2
		heights[c]++
	}
	return grid
}

// fourIn returns the cells (column, row) of a four in a row of one player
// in grid, if there is one: the four that ended the game.
func fourIn(grid [][]int) map[[2]int]bool {
	at := func(c, r int) int {
		if c < 0 || c >= len(grid) || r < 0 || r >= len(grid[c]) {
			return -1
		}
		return grid[c][r]
	}
	for c := range grid {
		for r, p := range grid[c] {
			for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				n := 0
				for n < 4 && p >= 0 && at(c+n*d[0], r+n*d[1]) == p {
					n++
				}
				if n == 4 {
					cells := map[[2]int]bool{}
					for i := range 4 {
						cells[[2]int{c + i*d[0], r + i*d[1]}] = true
					}
					return cells
				}
			}
		}
	}
	return nil
}
