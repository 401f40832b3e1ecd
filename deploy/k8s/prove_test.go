package k8s_test

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path"
	"strings"
	"syscall"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// proveManager is prove-manager.yaml's three objects.
type proveManager struct {
	claim   corev1.PersistentVolumeClaim
	deploy  appsv1.Deployment
	service corev1.Service
}

func readProveManager(t *testing.T) proveManager {
	t.Helper()
	data, err := os.ReadFile("prove-manager.yaml")
	if err != nil {
		t.Fatal(err)
	}
	docs := strings.Split(string(data), "\n---\n")
	var m proveManager
	if len(docs) != 3 {
		t.Fatalf("prove-manager.yaml: %d documents, want the claim, the Deployment and the Service", len(docs))
	}
	for i, v := range []any{&m.claim, &m.deploy, &m.service} {
		if err := yaml.UnmarshalStrict([]byte(docs[i]), v); err != nil {
			t.Fatalf("prove-manager.yaml, document %d: %v", i+1, err)
		}
	}
	return m
}

// TestProveManifests: the manager is one pod, never two, with the claim
// mounted where its database is, serving jobs on the port the Service
// sends to; the workers are a work-queue Job that reaches it by the
// Service's name and port, with memory for their table.
func TestProveManifests(t *testing.T) {
	m := readProveManager(t)
	d := m.deploy.Spec
	if d.Replicas == nil || *d.Replicas != 1 || d.Strategy.Type != appsv1.RecreateDeploymentStrategyType {
		t.Error("the manager must be one replica with the Recreate strategy: two must never open the database")
	}
	pod := d.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatal("want one container in the manager's pod")
	}
	c := pod.Containers[0]
	listen := flag(t, c.Args, "listen")
	if len(c.Ports) != 1 || fmt.Sprintf("0.0.0.0:%d", c.Ports[0].ContainerPort) != listen {
		t.Errorf("--listen=%s, container ports %v: the manager must listen on the pod's interfaces", listen, c.Ports)
	}
	token := flag(t, c.Args, "token-file")
	checkSecret(t, "the manager", pod, c, token)
	if tp := m.service.Spec.Ports[0].TargetPort.String(); tp != c.Ports[0].Name {
		t.Errorf("the Service sends to %s, the container's port is named %s", tp, c.Ports[0].Name)
	}
	for k, v := range m.service.Spec.Selector {
		if d.Template.Labels[k] != v || d.Selector.MatchLabels[k] != v {
			t.Errorf("the Service selects %s=%s, which the manager's pod is not", k, v)
		}
	}
	db := flag(t, c.Args, "db")
	mounted := false
	for _, vm := range c.VolumeMounts {
		for _, v := range pod.Volumes {
			if v.Name == vm.Name && v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == m.claim.Name &&
				strings.HasPrefix(db, vm.MountPath+"/") {
				mounted = true
			}
		}
	}
	if !mounted {
		t.Errorf("--db=%s is not on the claim %s", db, m.claim.Name)
	}

	w := readJob(t, "prove-workers.yaml")
	s := w.Spec
	if s.Parallelism == nil || s.Completions != nil || s.CompletionMode != nil && *s.CompletionMode != batchv1.NonIndexedCompletion {
		t.Error("the workers must be a work-queue Job: parallelism set, completions not")
	}
	if s.Template.Spec.RestartPolicy != corev1.RestartPolicyOnFailure {
		t.Error("a worker that fails must be restarted")
	}
	wc := onlyContainer(t, w)
	u, err := url.Parse(flag(t, wc.Args, "manager"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%s:%d", m.service.Name, m.service.Spec.Ports[0].Port); u.Host != want {
		t.Errorf("the workers ask %s, the Service is %s", u.Host, want)
	}
	if wt := flag(t, wc.Args, "token-file"); wt != token {
		t.Errorf("the workers' token is %s, the manager's %s", wt, token)
	}
	checkSecret(t, "a worker", w.Spec.Template.Spec, *wc, token)
	var table int64
	fmt.Sscan(flag(t, wc.Args, "tt-mib"), &table)
	if mem := wc.Resources.Requests.Memory().Value(); mem < (table+512)<<20 {
		t.Errorf("a worker requests %d MiB of memory for a table of %d MiB", mem>>20, table)
	}
}

// checkSecret: the file of --token-file is on a volume of the Secret
// c4-prove-token, mounted in c.
func checkSecret(t *testing.T, who string, pod corev1.PodSpec, c corev1.Container, file string) {
	t.Helper()
	for _, vm := range c.VolumeMounts {
		for _, v := range pod.Volumes {
			if v.Name == vm.Name && v.Secret != nil && v.Secret.SecretName == "c4-prove-token" && strings.HasPrefix(file, vm.MountPath+"/") {
				return
			}
		}
	}
	t.Errorf("%s: --token-file=%s is not on a volume of the Secret c4-prove-token", who, file)
}

// TestProveLocally runs the manifests' command lines as processes, the way
// the pods run them, on a small board: a manager and three workers; one
// worker is SIGKILLed in the middle of a job and another started in its
// place, as the Job would, and then the manager is SIGKILLed and started
// again, as the Deployment would. The result is negamax's, and verifies.
// Jobs of 300 nodes make the search last about 8 s, well past the kills.
func TestProveLocally(t *testing.T) {
	if testing.Short() {
		t.Skip("runs several processes for a few seconds")
	}
	c4 := buildC4(t)
	vol := t.TempDir()
	m := readProveManager(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	mc := m.deploy.Spec.Template.Spec.Containers[0]
	mount := mc.VolumeMounts[0].MountPath
	token := path.Join(t.TempDir(), "token")
	if err := os.WriteFile(token, []byte("a shared secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	margs := setFlag(setFlag(setFlag(setFlag(setFlag(setFlag(mc.Args, "board", "6x5"), "listen", addr), "lease", "1s"), "job-nodes", "300"),
		"db", path.Join(vol, strings.TrimPrefix(flag(t, mc.Args, "db"), mount))), "token-file", token)
	wargs := setFlag(setFlag(setFlag(onlyContainer(t, readJob(t, "prove-workers.yaml")).Args, "manager", "http://"+addr), "tt-mib", "32"), "token-file", token)

	var out bytes.Buffer
	start := func(args []string, stdout io.Writer) *exec.Cmd {
		cmd := exec.Command(c4, args...)
		cmd.Stdout = stdout
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	manager := start(margs, &out)
	var workers []*exec.Cmd
	for range 3 {
		workers = append(workers, start(wargs, io.Discard))
	}
	time.Sleep(time.Second)
	workers[0].Process.Signal(syscall.SIGKILL)
	workers[0].Wait()
	workers[0] = start(wargs, io.Discard)
	time.Sleep(time.Second)
	manager.Process.Signal(syscall.SIGKILL)
	manager.Wait()
	if out.Len() > 0 {
		t.Fatalf("the search ended before the manager was killed: %s", &out)
	}
	manager = start(margs, &out) // the same command, which resumes from the volume
	if err := manager.Wait(); err != nil {
		t.Fatalf("the manager: %v", err)
	}
	for i, w := range workers {
		if err := w.Wait(); err != nil {
			t.Errorf("worker %d: %v", i, err)
		}
	}
	if !strings.Contains(out.String(), `6x5 "": draw for the side to move`) {
		t.Errorf("the manager printed %q; 6x5 is a draw", &out)
	}
	// Its standard error may say that some moves were found again by DFPN:
	// a killed manager may have lost the moves of its last results.
	verify, err := exec.Command(c4, "prove", "verify", "--db", flag(t, margs, "db"), "--tt-mib", "32").Output()
	if err != nil || !strings.HasPrefix(string(verify), "verified") {
		t.Errorf("c4 prove verify: %v: %s", err, verify)
	}
}
