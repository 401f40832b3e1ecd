//go:build race

package hugemem

import "sync/atomic"

// Store writes a table word atomically, for the race detector (see store.go).
func Store(e *uint64, v uint64) { atomic.StoreUint64(e, v) }

// Load reads a table word atomically, for the race detector (see store.go).
func Load(e *uint64) uint64 { return atomic.LoadUint64(e) }
