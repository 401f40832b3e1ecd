//go:build race

package negamax

import "sync/atomic"

// store writes an entry atomically, for the race detector (see store.go).
func store(e *uint64, v uint64) { atomic.StoreUint64(e, v) }
