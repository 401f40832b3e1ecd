package prove

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
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
		ctx, cancel := context.WithTimeout(r.Context(), pollFor)
		defer cancel()
		j, err := m.Next(ctx)
		switch {
		case err == nil:
			writeJSON(w, j)
		case errors.Is(err, ErrOver):
			w.WriteHeader(http.StatusGone)
		case errors.Is(err, context.DeadlineExceeded):
			w.WriteHeader(http.StatusNoContent)
		case r.Context().Err() == nil:
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	mux.HandleFunc("POST /done", func(w http.ResponseWriter, r *http.Request) {
		var d Done
		if err := json.NewDecoder(io.LimitReader(r.Body, maxDone)).Decode(&d); err != nil {
			http.Error(w, "a job's result: "+err.Error(), http.StatusBadRequest)
			return
		}
		switch err := m.Finish(r.Context(), d); {
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
// after a pause that grows to retryMost, until its context ends: a worker
// outlives its manager's restarts, and a result is not lost while it
// waits.
type Client struct {
	URL   string // the manager's, such as http://c4-prove:8080
	Token string // the manager's token, if it has one
	HTTP  *http.Client
	Log   io.Writer // a line for each failed request; nil: none
}

// retryMost is the longest pause between two tries of a request.
const retryMost = 30 * time.Second

// Next asks the manager for a job, again while it has none.
func (c *Client) Next(ctx context.Context) (Job, error) {
	for {
		var j Job
		switch status, err := c.post(ctx, "/job", nil, &j); {
		case err != nil:
			return Job{}, err
		case status == http.StatusGone:
			return Job{}, ErrOver
		case status != http.StatusNoContent: // 204: the manager has waited already
			return j, nil
		}
	}
}

// Finish posts a job's result.
func (c *Client) Finish(ctx context.Context, d Done) error {
	_, err := c.post(ctx, "/done", d, nil)
	return err
}

// post posts body (if not nil) as JSON to path and decodes a 200's answer
// into out, trying again after a failure, and returns the status.
func (c *Client) post(ctx context.Context, path string, body, out any) (int, error) {
	data, err := json.Marshal(body)
	if err != nil {
		return 0, err
	}
	pause := time.Second / 4
	for {
		status, err := c.try(ctx, path, data, out)
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
		case <-ctx.Done():
			return 0, context.Cause(ctx)
		case <-time.After(pause):
		}
		pause = min(2*pause, retryMost)
	}
}

// refusal is the manager's answer that a request is wrong, which trying
// again would not change.
type refusal struct{ error }

func (c *Client) try(ctx context.Context, path string, data []byte, out any) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+path, bytes.NewReader(data))
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

// ListenAddr is the address to listen on for listen ("HOST:PORT" or
// ":PORT"): on 127.0.0.1 when it names no host, so that only a host
// named, or 0.0.0.0, opens the manager to other machines.
func ListenAddr(listen string) (string, error) {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return "", fmt.Errorf("--listen %s: want HOST:PORT or :PORT", listen)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

// Serve hands m's jobs out over HTTP on addr (of ListenAddr) to workers
// that bring token (any worker if ""), saying where on log, and warning
// there if a manager open to other machines has no token; stop ends it,
// once the search is over only after overFor, so that the workers hear of
// it.
func Serve(m *Manager, addr, token string, log io.Writer) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	host, _, _ := net.SplitHostPort(addr)
	srv := &http.Server{Handler: Handler(m, token)}
	go srv.Serve(ln)
	fmt.Fprintf(log, "c4 prove: handing out jobs on http://%s/\n", ln.Addr())
	if ip := net.ParseIP(host); token == "" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintln(log, "c4 prove: no --token: anyone who reaches this port can take jobs and hand in results (docs/prove.md)")
	}
	return func() {
		if m.Result() != Unknown {
			time.Sleep(overFor)
		}
		srv.Close()
	}, nil
}

// ReadToken is the shared secret given as token or, if file is not "", as
// the first line of file; an error if both are given.
func ReadToken(token, file string) (string, error) {
	switch {
	case token != "" && file != "":
		return "", errors.New("--token and --token-file do not go together")
	case file == "":
		return token, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("--token-file: %w", err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	if line = strings.TrimSpace(line); line == "" {
		return "", fmt.Errorf("--token-file %s: its first line is empty", file)
	}
	return line, nil
}
