package crew

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestGoWait hands a helper tasks one after the other: each that ran has
// ended when Wait returns, and its writes are seen.
func TestGoWait(t *testing.T) {
	var h Helper
	ran := 0
	for i := range 1000 {
		x := -1
		var started atomic.Bool
		h.Go(func() {
			started.Store(true)
			x = i
		})
		deadline := time.Now().Add(10 * time.Millisecond)
		Spin(func() bool { return started.Load() || time.Now().After(deadline) })
		if h.Wait() {
			ran++
			if x != i {
				t.Fatalf("task %d: saw %d after Wait", i, x)
			}
		} else if x != -1 {
			t.Fatalf("task %d: ran, yet Wait took it back", i)
		}
	}
	if ran == 0 {
		t.Error("no task ran")
	}
}

// TestTakenBack: a task that Wait takes back never runs.
func TestTakenBack(t *testing.T) {
	var h Helper
	var runs, kept atomic.Int64
	for range 200 {
		h.Go(func() { runs.Add(1) })
		if h.Wait() {
			kept.Add(1)
		}
	}
	time.Sleep(2 * IdleSpin)
	if runs.Load() != kept.Load() {
		t.Errorf("%d tasks ran, Wait said %d", runs.Load(), kept.Load())
	}
}

// TestIdleExit: a helper's goroutine exits once it has been idle for
// IdleSpin, and the next task starts another.
func TestIdleExit(t *testing.T) {
	before := runtime.NumGoroutine()
	var h Helper
	for range 3 {
		done := make(chan struct{})
		h.Go(func() { close(done) })
		<-done
		h.Wait()
		deadline := time.Now().Add(time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(IdleSpin)
		}
		if n := runtime.NumGoroutine(); n > before {
			t.Fatalf("%d goroutines a second after the task, %d before", n, before)
		}
	}
}

// TestSpin waits for another goroutine's write.
func TestSpin(t *testing.T) {
	var flag atomic.Bool
	go func() {
		time.Sleep(time.Millisecond)
		flag.Store(true)
	}()
	Spin(flag.Load)
	if !flag.Load() {
		t.Error("Spin returned before the write")
	}
}

func ExampleHelper() {
	var h Helper
	sum := 0
	h.Go(func() {
		for i := 1; i <= 10; i++ {
			sum += i
		}
	})
	if !h.Wait() { // the helper had not started it: run it here
		for i := 1; i <= 10; i++ {
			sum += i
		}
	}
	fmt.Println(sum)
	// Output: 55
}
