package prove

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// The protocol between a manager and its workers, over HTTP:
//
//	POST /job     → 200 a Job; 204 none now, ask again; 410 the search is over
//	POST /done    a Done → 204; 409 not leased now (ErrStale); 422 refused
//	GET  /status  → 200 the Status
//
// A worker asks for a job, searches it and posts the result, again and
// again. A job whose result does not come within the manager's lease is
// handed out again, so a worker that dies loses only its job. A request
// for a job waits up to pollFor for one to come free before the 204. With
// a token, every request must bring it, as "Authorization: Bearer
// TOKEN", or is answered 401.

// pollFor is how long a request for a job waits for one before the answer
// "none now".
const pollFor = 5 * time.Second

// maxDone bounds a result's body: its strategy's entries are 18 bytes
// each (more in JSON), and a job that settles a large leaf may send
// millions.
const maxDone = 1 << 30

// Handler serves m's jobs to workers over HTTP; with a token (not ""),
// only to those that bring it.
func Handler(m *Manager, token string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /job", func(w http.ResponseWriter, r *http.Request) {
		deadline := time.NewTimer(pollFor)
		defer deadline.Stop()
		for {
			j, ok, changed, err := m.Next()
			switch {
			case err != nil:
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			case ok:
				writeJSON(w, j)
				return
			case changed == nil:
				w.WriteHeader(http.StatusGone)
				return
			}
			select {
			case <-changed:
			case <-deadline.C:
				w.WriteHeader(http.StatusNoContent)
				return
			case <-r.Context().Done():
				return
			}
		}
	})
	mux.HandleFunc("POST /done", func(w http.ResponseWriter, r *http.Request) {
		var d Done
		if err := json.NewDecoder(io.LimitReader(r.Body, maxDone)).Decode(&d); err != nil {
			http.Error(w, "a job's result: "+err.Error(), http.StatusBadRequest)
			return
		}
		switch err := m.Finish(d); {
		case errors.Is(err, ErrStale):
			http.Error(w, err.Error(), http.StatusConflict)
			return
		case err != nil:
			http.Error(w, err.Error(), http.StatusUnprocessableEntity)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /status", func(w http.ResponseWriter, r *http.Request) {
		s, err := m.Status()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		writeJSON(w, s)
	})
	if token == "" {
		return mux
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), []byte("Bearer "+token)) != 1 {
			http.Error(w, "this manager wants its token: c4 prove work --token-file FILE", http.StatusUnauthorized)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// Client is a manager's Source over HTTP, for a worker in another process.
// A request that fails (the manager restarting, the network) is made again
// after a pause that grows to retryMost, until ctx ends: a worker outlives
// its manager's restarts, and a result is not lost while it waits.
type Client struct {
	URL   string // the manager's, such as http://c4-prove:8080
	Token string // the manager's token, if it has one
	Ctx   context.Context
	HTTP  *http.Client
	Log   io.Writer // a line for each failed request; nil: none
}

// retryMost is the longest pause between two tries of a request.
const retryMost = 30 * time.Second

// Next asks the manager for a job.
func (c *Client) Next() (Job, bool, <-chan struct{}, error) {
	var j Job
	status, err := c.post("/job", nil, &j)
	switch {
	case err != nil:
		return Job{}, false, nil, err
	case status == http.StatusGone:
		return Job{}, false, nil, nil
	case status == http.StatusNoContent:
		now := make(chan struct{})
		close(now) // the manager has waited already: ask again at once
		return Job{}, false, now, nil
	}
	return j, true, nil, nil
}

// Finish posts a job's result.
func (c *Client) Finish(d Done) error {
	_, err := c.post("/done", d, nil)
	return err
}

// post posts body (if not nil) as JSON to path and decodes a 200's answer
// into out, trying again after a failure, and returns the status.
func (c *Client) post(path string, body, out any) (int, error) {
	data, err := json.Marshal(body)
	if err != nil {
		return 0, err
	}
	pause := time.Second / 4
	for {
		status, err := c.try(path, data, out)
		if err == nil {
			return status, nil
		}
		var refused refusal
		if errors.As(err, &refused) {
			return status, err
		}
		if c.Log != nil {
			fmt.Fprintf(c.Log, "%s: %v; trying again in %v\n", path, err, pause)
		}
		select {
		case <-c.Ctx.Done():
			return 0, context.Cause(c.Ctx)
		case <-time.After(pause):
		}
		pause = min(2*pause, retryMost)
	}
}

// refusal is the manager's answer that a request is wrong, which trying
// again would not change.
type refusal struct{ error }

func (c *Client) try(path string, data []byte, out any) (int, error) {
	req, err := http.NewRequestWithContext(c.Ctx, http.MethodPost, c.URL+path, bytes.NewReader(data))
	if err != nil {
		return 0, refusal{err}
	}
	req.Header.Set("Content-Type", "application/json")
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusOK && out != nil:
		return resp.StatusCode, json.NewDecoder(resp.Body).Decode(out)
	case resp.StatusCode < 300 || resp.StatusCode == http.StatusGone:
		return resp.StatusCode, nil
	}
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10))
	err = fmt.Errorf("the manager answered %s: %s", resp.Status, bytes.TrimSpace(msg))
	if resp.StatusCode == http.StatusConflict {
		err = fmt.Errorf("%w (%v)", ErrStale, err)
	}
	if resp.StatusCode < 500 {
		return resp.StatusCode, refusal{err}
	}
	return resp.StatusCode, err
}

func (r refusal) Unwrap() error { return r.error }
