package serve

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"c4/book/builtin"
	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/position"
	"c4/search"
)

// TestAhead: after a position is answered, the positions after its moves
// and after the best reply to each are solved ahead, and the API answers
// them from memory, with the scores a solver finds.
func TestAhead(t *testing.T) {
	ts := newTestServer(t, Config{Ahead: true})
	const pos = "4444441526" // its moves' exact scores: 2 2 16 (full) 2 2 2
	if code, a, _ := get(t, ts.Client(), ts.URL, "pos="+pos); code != 200 || a.Score != 16 {
		t.Fatalf("%d %+v", code, a)
	}
	p, _ := game.Parse(game.Standard, pos)
	var want []string // the positions after p's moves, and after the best reply to each
	solver := engines.Negamax(negamax.Options{TableMiB: 16}, game.Standard)
	for c := range 7 {
		q := p
		if !q.CanPlay(c) || q.IsWinningMove(c) {
			continue
		}
		q.PlayColumn(c)
		scores, _, err := solver.Analyze(context.Background(), q, search.Strong)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, pos+strconv.Itoa(c+1))
		if best := search.BestMove(scores); !q.IsWinningMove(best) {
			want = append(want, pos+strconv.Itoa(c+1)+strconv.Itoa(best+1))
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, m := range want {
		q, _ := game.Parse(game.Standard, m)
		for {
			if ts.srv.ahead.Known(q) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: not solved ahead", m)
			}
			time.Sleep(time.Millisecond)
		}
		code, a, _ := get(t, ts.Client(), ts.URL, "pos="+m)
		scores, _, err := solver.Analyze(context.Background(), q, search.Strong)
		if err != nil {
			t.Fatal(err)
		}
		if code != 200 || a.Nodes != 0 || !slices.Equal(values(a.Moves), scores) {
			t.Errorf("%s: %d %+v, want the remembered scores %v", m, code, a, scores)
		}
	}
}

// values returns the scores of a reply's moves, InvalidMove for null.
func values(moves []*int) []int {
	v := make([]int, len(moves))
	for c, m := range moves {
		v[c] = search.InvalidMove
		if m != nil {
			v[c] = *m
		}
	}
	return v
}

// BenchmarkGame plays games against the API as the page does, from the
// empty board, with the built-in book: before each of its moves, the
// player thinks for a while, then asks for the position after its move
// (one not much worse than the best, at random), then asks c4 to move and
// for the position after c4's reply. It reports the percentiles of the
// time a request took, how many requests took a search (the others were
// answered by the book or from memory) and their nodes, without and with
// solving ahead:
//
//	go test ./serve -run XXX -bench Game -benchtime 6x
func BenchmarkGame(b *testing.B) {
	book, err := builtin.Book()
	if err != nil {
		b.Fatal(err)
	}
	const think = time.Second
	for _, ahead := range []bool{false, true} {
		b.Run("ahead="+strconv.FormatBool(ahead), func(b *testing.B) {
			ts := newTestServer(b, Config{TableMiB: 64, Book: book, Ahead: ahead})
			rng := rand.New(rand.NewPCG(1, 2))
			var times []time.Duration
			searched := 0 // requests that took a search
			var nodes uint64
			ask := func(moves string) []*int {
				start := time.Now()
				code, a, msg := get(b, ts.Client(), ts.URL, "pos="+moves)
				times = append(times, time.Since(start))
				if code != 200 {
					b.Fatalf("%q: %d %s", moves, code, msg)
				}
				if a.Nodes > 0 {
					searched++
					nodes += a.Nodes
				}
				return a.Moves
			}
			for b.Loop() {
				moves := ""
				scores := ask(moves)
				for {
					time.Sleep(think)
					moves += strconv.Itoa(pick(scores, rng, 3) + 1)
					if over(moves) {
						break
					}
					scores = ask(moves)
					time.Sleep(think / 4)
					moves += strconv.Itoa(search.BestMove(values(scores)) + 1) // as the page plays
					if over(moves) {
						break
					}
					scores = ask(moves)
				}
			}
			b.ReportMetric(float64(len(times))/float64(b.N), "requests/op")
			b.ReportMetric(float64(searched)/float64(b.N), "searched/op")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(percentile(times, 50), "p50-µs")
			b.ReportMetric(percentile(times, 90), "p90-µs")
			b.ReportMetric(percentile(times, 99), "p99-µs")
		})
	}
}

// pick returns a column whose move scores at most slack below the best, at
// random: the player's move.
func pick(scores []*int, rng *rand.Rand, slack int) int {
	best := search.InvalidMove
	for _, v := range scores {
		if v != nil {
			best = max(best, *v)
		}
	}
	var good []int
	for c, v := range scores {
		if v != nil && *v >= best-slack {
			good = append(good, c)
		}
	}
	return good[rng.IntN(len(good))]
}

// over says whether the game of moves has ended.
func over(moves string) bool {
	p, err := position.Parse(position.Standard, moves)
	return err == nil && p.IsOver()
}
