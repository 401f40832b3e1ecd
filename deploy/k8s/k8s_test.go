// Package k8s_test checks the book's Kubernetes manifests, which no
// cluster here can run: they parse into the API's batch/v1 types with the
// fields an Indexed Job needs, and their command lines, run as local
// processes the way the Job's pods run them, make the book that a
// generation on one machine makes.
package k8s_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

func readJob(t *testing.T, path string) *batchv1.Job {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var job batchv1.Job
	if err := yaml.UnmarshalStrict(data, &job); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &job
}

// flag returns the value of --name=value in args.
func flag(t *testing.T, args []string, name string) string {
	t.Helper()
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v
		}
	}
	t.Fatalf("no --%s= in %q", name, args)
	return ""
}

// TestShardsJob: the shard Job is Indexed, has as many completions as
// shards, a backoff per index, and mounts the shared volume where its pods
// write.
func TestShardsJob(t *testing.T) {
	job := readJob(t, "shards.yaml")
	s := job.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Fatal("completionMode is not Indexed")
	}
	if s.Completions == nil || s.Parallelism == nil || s.BackoffLimitPerIndex == nil {
		t.Fatal("completions, parallelism and backoffLimitPerIndex must be set")
	}
	if s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Error("backoffLimitPerIndex needs restartPolicy Never")
	}
	c := onlyContainer(t, job)
	shard := flag(t, c.Args, "shard")
	if want := fmt.Sprintf("$(JOB_COMPLETION_INDEX)/%d", *s.Completions); shard != want {
		t.Errorf("--shard=%s, want %s: one shard an index", shard, want)
	}
	out := flag(t, c.Args, "out")
	if !strings.HasSuffix(out, "/") {
		t.Errorf("--out=%s: a folder (DIR/), where c4 names each shard's file", out)
	}
	checkMounted(t, job, c, out)
	if c.Resources.Requests.Memory().IsZero() || c.Resources.Requests.Cpu().IsZero() {
		t.Error("the shard container requests no memory or no cpu")
	}
}

// TestMergeJob: the merge Job reads the shard Job's folder on the same
// volume.
func TestMergeJob(t *testing.T) {
	shards, merge := readJob(t, "shards.yaml"), readJob(t, "merge.yaml")
	dir := strings.TrimSuffix(flag(t, onlyContainer(t, shards).Args, "out"), "/")
	init := merge.Spec.Template.Spec.InitContainers
	if len(init) != 1 || len(init[0].Args) < 4 || init[0].Args[1] != "merge" {
		t.Fatalf("merge.yaml: want one init container running book merge, have %+v", init)
	}
	if args := init[0].Args; args[len(args)-1] != dir {
		t.Errorf("merge reads %s, the shards are in %s", args[len(args)-1], dir)
	}
	checkMounted(t, merge, &init[0], dir)
	export := onlyContainer(t, merge)
	if flag(t, export.Args, "db") != flag(t, init[0].Args, "db") {
		t.Error("export reads another database than merge writes")
	}
}

func onlyContainer(t *testing.T, job *batchv1.Job) *corev1.Container {
	t.Helper()
	cs := job.Spec.Template.Spec.Containers
	if len(cs) != 1 {
		t.Fatalf("job %s: %d containers, want 1", job.Name, len(cs))
	}
	return &cs[0]
}

// checkMounted checks that path is on a volume of c that is a claim.
func checkMounted(t *testing.T, job *batchv1.Job, c *corev1.Container, path string) {
	t.Helper()
	for _, m := range c.VolumeMounts {
		if !strings.HasPrefix(path, m.MountPath+"/") {
			continue
		}
		for _, v := range job.Spec.Template.Spec.Volumes {
			if v.Name == m.Name && v.PersistentVolumeClaim != nil {
				return
			}
		}
	}
	t.Errorf("job %s: %s is on no shared volume of container %s", job.Name, path, c.Name)
}

// TestRunsAsImageUser: the Jobs' pods run c4 as the image's user (the
// Dockerfile's USER), with the volume's group set to its group; the shard
// Job's first container, as root, makes the folder the shards go to and
// gives it and the volume's root to that user, so that a volume whose root
// belongs to root works too; the fetch pod reads the volume as that user.
func TestRunsAsImageUser(t *testing.T) {
	docker, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^USER (\d+):(\d+)$`).FindStringSubmatch(string(docker))
	if m == nil {
		t.Fatal("the Dockerfile sets no USER uid:gid")
	}
	uid, _ := strconv.ParseInt(m[1], 10, 64)
	gid, _ := strconv.ParseInt(m[2], 10, 64)
	for _, name := range []string{"shards.yaml", "merge.yaml"} {
		sc := readJob(t, name).Spec.Template.Spec.SecurityContext
		switch {
		case sc == nil || sc.RunAsUser == nil || sc.RunAsGroup == nil || sc.FSGroup == nil:
			t.Errorf("%s: no runAsUser, runAsGroup and fsGroup", name)
		case *sc.RunAsUser != uid || *sc.RunAsGroup != gid || *sc.FSGroup != gid:
			t.Errorf("%s: runs as %d:%d, fsGroup %d; the image's user is %d:%d", name, *sc.RunAsUser, *sc.RunAsGroup, *sc.FSGroup, uid, gid)
		}
	}
	job := readJob(t, "shards.yaml")
	out := strings.TrimSuffix(flag(t, onlyContainer(t, job).Args, "out"), "/")
	init := job.Spec.Template.Spec.InitContainers
	if len(init) != 1 || init[0].SecurityContext == nil || init[0].SecurityContext.RunAsUser == nil || *init[0].SecurityContext.RunAsUser != 0 {
		t.Fatalf("shards.yaml: want one first container running as root, have %+v", init)
	}
	script := strings.Join(init[0].Command, " ")
	owner := fmt.Sprintf("chown %d:%d ", uid, gid)
	if !strings.Contains(script, "mkdir -p "+out) || !strings.Contains(script, owner) || !strings.Contains(script, out) {
		t.Errorf("shards.yaml's first container runs %q: want it to make %s and give it to %d:%d", script, out, uid, gid)
	}
	checkMounted(t, job, &init[0], out+"/")
	data, err := os.ReadFile("fetch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var pod corev1.Pod
	if err := yaml.UnmarshalStrict(data, &pod); err != nil {
		t.Fatalf("fetch.yaml: %v", err)
	}
	if sc := pod.Spec.SecurityContext; sc == nil || sc.RunAsUser == nil || *sc.RunAsUser != uid || len(pod.Spec.Volumes) != 1 || pod.Spec.Volumes[0].PersistentVolumeClaim == nil {
		t.Errorf("fetch.yaml: want a pod of user %d with the book's claim", uid)
	}
}

// TestJobLocally runs the shard Job's command lines as the pods would, on
// a small board (5x4, 8 stones, 5 shards, the volume a temporary folder),
// each as a process with JOB_COMPLETION_INDEX set and $(VAR) expanded as
// the kubelet does, two at a time; then the merge Job's; and compares the
// exported book with that of c4 book generate on one machine.
func TestJobLocally(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4")
	}
	c4 := buildC4(t)
	vol := t.TempDir()
	const shards = 5
	small := map[string]string{"board": "5x4", "depth": "8", "tt-mib": "16", "threads": "1"}
	shardArgs := onlyContainer(t, readJob(t, "shards.yaml")).Args
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // parallelism
	for i := range shards {
		env := map[string]string{"JOB_COMPLETION_INDEX": strconv.Itoa(i)}
		args := podArgs(shardArgs, vol, env, small)
		args = setFlag(args, "shard", fmt.Sprintf("%d/%d", i, shards))
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			run(t, c4, env, args)
		})
	}
	wg.Wait()
	merge := readJob(t, "merge.yaml")
	run(t, c4, nil, podArgs(merge.Spec.Template.Spec.InitContainers[0].Args, vol, nil, nil))
	exportArgs := podArgs(onlyContainer(t, merge).Args, vol, nil, map[string]string{"board": "5x4"})
	run(t, c4, nil, exportArgs)

	whole := t.TempDir()
	run(t, c4, nil, []string{"book", "generate", "--db", whole + "/db", "--board=5x4", "--depth=8", "--tt-mib=16"})
	run(t, c4, nil, []string{"book", "export", "--db", whole + "/db", "--board=5x4", "--out", whole + "/book.c4b"})
	got, err1 := os.ReadFile(flag(t, exportArgs, "out"))
	want, err2 := os.ReadFile(whole + "/book.c4b")
	if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
		t.Fatalf("the book of the Job's commands differs from one machine's (%v, %v)", err1, err2)
	}
}

var envRef = regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)

// podArgs is args as a pod runs them: $(VAR) replaced from env, the volume
// /book moved to vol, and the flags of set given their values.
func podArgs(args []string, vol string, env, set map[string]string) []string {
	var out []string
	for _, a := range args {
		a = envRef.ReplaceAllStringFunc(a, func(ref string) string {
			if v, ok := env[ref[2:len(ref)-1]]; ok {
				return v
			}
			return ref // the kubelet leaves an unknown reference as it is
		})
		out = append(out, strings.ReplaceAll(a, "/book", vol))
	}
	for name, v := range set {
		out = setFlag(out, name, v)
	}
	return out
}

// setFlag gives --name the value v in args, adding it if absent.
func setFlag(args []string, name, v string) []string {
	for i, a := range args {
		if strings.HasPrefix(a, "--"+name+"=") {
			args[i] = "--" + name + "=" + v
			return args
		}
	}
	return append(args, "--"+name+"="+v)
}

func run(t *testing.T, c4 string, env map[string]string, args []string) {
	t.Helper()
	cmd := exec.Command(c4, args...)
	cmd.Env = os.Environ()
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("c4 %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestScripts: deploy/shards.sh and deploy/builtin.sh, the local way to a
// book, make the same file as one machine's c4 book generate and export.
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir, c4 := t.TempDir(), buildC4(t)
	small := []string{"--board", "5x4", "--threads", "1", "--tt-mib", "16"}
	script := func(name string, args ...string) {
		cmd := exec.Command("bash", append([]string{filepath.Join("..", name)}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
	}
	script("shards.sh", append([]string{c4, "5x4", "7", "4", dir + "/shards"}, small...)...)
	script("builtin.sh", append([]string{c4, dir + "/shards", dir + "/book.c4b"}, small...)...)
	run(t, c4, nil, append([]string{"book", "generate", "--db", dir + "/db", "--depth=7"}, small...))
	run(t, c4, nil, []string{"book", "export", "--db", dir + "/db", "--out", dir + "/one.c4b"})
	got, err1 := os.ReadFile(dir + "/book.c4b")
	want, err2 := os.ReadFile(dir + "/one.c4b")
	if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
		t.Fatalf("the scripts' book differs from one machine's (%v, %v)", err1, err2)
	}
}

// TestShardsScriptAnyCount: deploy/shards.sh runs every shard whatever
// their count (37 has a factor in common with its shuffle's first step),
// and fails when one cannot be made.
func TestShardsScriptAnyCount(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4")
	}
	dir, c4 := t.TempDir(), buildC4(t)
	for _, n := range []string{"37", "6"} {
		out := filepath.Join(dir, n)
		cmd := exec.Command("bash", "../shards.sh", c4, "4x4", "6", n, out, "--tt-mib", "1", "--threads", "1")
		if msg, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(msg), n+" shards of the 6-stone layer of 4x4: all there") {
			t.Errorf("%s shards: %v\n%s", n, err, msg)
		}
	}
	bad := exec.Command("bash", "../shards.sh", c4, "4x4", "6", "2", filepath.Join(dir, "bad"), "--tt-mib", "0")
	if msg, err := bad.CombinedOutput(); err == nil {
		t.Errorf("shards that could not be made: exit 0\n%s", msg)
	}
}

// buildC4 builds c4 into a temporary folder and returns its path.
func buildC4(t *testing.T) string {
	t.Helper()
	c4 := filepath.Join(t.TempDir(), "c4")
	if out, err := exec.Command("go", "build", "-o", c4, "c4/cmd/c4").CombinedOutput(); err != nil {
		t.Fatalf("building c4: %v\n%s", err, out)
	}
	return c4
}

// TestWaitScript: deploy/k8s/wait.sh ends on the Job's Complete condition
// with 0 and on Failed with 1, with a kubectl that answers as the API would.
func TestWaitScript(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	for _, tc := range []struct {
		name, conditions string
		ok               bool
	}{
		{"complete", "Complete ", true},
		{"failed", "FailureTarget Failed ", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin := t.TempDir()
			fake := "#!/bin/sh\nprintf '%s' '" + tc.conditions + "'\n"
			if err := os.WriteFile(filepath.Join(bin, "kubectl"), []byte(fake), 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("bash", "wait.sh", "job/c4-book-shards")
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			out, err := cmd.CombinedOutput()
			if (err == nil) != tc.ok {
				t.Errorf("conditions %q: %v\n%s", tc.conditions, err, out)
			}
		})
	}
}
