// Package crew runs a search's tasks on helper goroutines that stay awake
// between tasks, and waits for them without sleeping.
//
// Why: on a virtual machine, a goroutine started (or woken) while the
// other core is idle begins a hundred microseconds or more later (the idle
// vCPU is woken through the hypervisor), where one spinning on an atomic
// takes its task within a microsecond; the searches hand tasks to a second
// worker about once a position. So a helper spins from the moment it is
// given a task until it has been idle for IdleSpin; then its goroutine
// exits, and the next Go starts another. A waiting caller spins the same
// way. A helper is only woken when a search needs it, not when it starts:
// most small searches never do, and a core spinning beside them slows them
// down.
//
// A helper that finds itself on the processor its task was handed over on
// moves to another for the task (Linux: it takes that processor out of its
// thread's affinity, then restores it): after a moment of idleness the
// kernel often woke the caller on the processor where the helper was
// spinning and left the other idle, so that the two shared one for the
// whole search, at a third of the speed.
//
// The spin loops read atomics only (a write would take their cache line
// from the other core) and yield (runtime.Gosched) every yieldEvery turns,
// so that other goroutines on the same thread still run. They are plain
// loops: a loop of the processor's PAUSE instruction was kinder to the
// other core but made a task's hand-over some 40 times slower. (The runs:
// docs/measurements/2026-11-27-tunables-figures-from-the-codes-comments.md,
// crew.)
package crew

import (
	"runtime"
	"sync/atomic"
	"time"
)

// IdleSpin is how long a helper stays awake without a task.
const IdleSpin = 2 * time.Millisecond

// yieldEvery is how many turns of a spin loop pass between yields.
const yieldEvery = 1 << 12

// Helper is one helper goroutine. The zero value is ready: its goroutine
// starts at the first Go. Its methods are for one caller at a time.
type Helper struct {
	_     [64]byte               // the fields below get cache lines of their own:
	task  atomic.Pointer[func()] // the task handed over, not yet taken
	busy  atomic.Bool            // a task handed over has not ended
	awake atomic.Bool            // the helper's goroutine is running
	from  atomic.Int32           // the processor the task was handed over on
	last  atomic.Int64           // when it was last given or ended a task (Unix nanoseconds)
	_     [64]byte               // a spinning core reads them all the time
}

// wake makes sure the helper is awake.
func (h *Helper) wake() {
	// Writes only where needed: a write takes the line from the spinning
	// core, which reads it at every turn.
	if now := time.Now().UnixNano(); now-h.last.Load() > int64(IdleSpin)/4 {
		h.last.Store(now)
	}
	if !h.awake.Load() && !h.awake.Swap(true) {
		go h.loop()
	}
}

// Go runs f on the helper. The task handed over before must have ended
// (see Wait).
func (h *Helper) Go(f func()) {
	h.from.Store(cpu())
	h.busy.Store(true)
	h.task.Store(&f)
	h.wake()
}

// Wait returns once the task handed over last has ended, and says whether
// it ran: a task the helper has not taken yet (its goroutine may still be
// starting) is taken back and never runs.
func (h *Helper) Wait() bool {
	if h.task.Swap(nil) != nil {
		h.busy.Store(false)
		return false
	}
	Spin(func() bool { return !h.busy.Load() })
	return true
}

func (h *Helper) loop() {
	for turn := 1; ; turn++ {
		// Loads only, while spinning: a Swap takes the line from the
		// other core.
		if h.task.Load() != nil {
			if f := h.task.Swap(nil); f != nil { // not taken back by Wait
				tid := leaveCPU(h.from.Load())
				(*f)()
				restoreCPUs(tid)
				h.last.Store(time.Now().UnixNano())
				h.busy.Store(false)
			}
			continue
		}
		if turn%yieldEvery != 0 {
			continue
		}
		if !h.idle() {
			runtime.Gosched()
			continue
		}
		h.awake.Store(false)
		// A task handed over just now, which saw the helper awake, keeps
		// this goroutine, unless a wake after the Store above has started
		// another.
		if h.idle() || h.awake.Swap(true) {
			return
		}
	}
}

// idle says whether the helper has had no task for IdleSpin.
func (h *Helper) idle() bool {
	return h.task.Load() == nil && time.Now().UnixNano()-h.last.Load() > int64(IdleSpin)
}

// Spin waits until done returns true, calling it again and again.
func Spin(done func() bool) {
	for turn := 1; !done(); turn++ {
		if turn%yieldEvery == 0 {
			runtime.Gosched()
		}
	}
}
