package position

import "testing"

// forEachAttackPath calls f with AttackThreats taking each path this
// processor can take, in turn.
func forEachAttackPath(f func(path string)) {
	useAttack4() // chosen, so that the choice does not overwrite the path set here
	defer func(vector bool) { attackVector.Store(vector) }(attackVector.Load())
	attackVector.Store(false)
	f("go")
	if hasAttack4 {
		attackVector.Store(true)
		f("avx512")
	}
}

// BenchmarkAttackThreats compares the paths of AttackThreats on this
// processor, on the workload chooseAttack times: a call's time.
func BenchmarkAttackThreats(b *testing.B) {
	w := newAttackWorkload()
	var threats [MaxWidth]Bits
	var counts [MaxWidth]uint8
	forEachAttackPath(func(path string) {
		b.Run(path, func(b *testing.B) {
			for b.Loop() {
				for i, p := range w.positions {
					p.AttackThreats(w.moves[i], Bits{}, &w.columns, &threats, &counts)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(w.positions)), "ns/call")
		})
	})
}
