package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	for _, text := range []string{"first", "second"} { // new, then replaced
		if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != text {
			t.Fatalf("%s holds %q, want %q", path, got, text)
		}
	}
	if err := Write(path, func(io.Writer) error { return errors.New("boom") }); err == nil || err.Error() != "boom" {
		t.Fatalf("a failed write: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "second" {
		t.Fatalf("a failed write changed the file: %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files left in the folder, want 1", len(entries))
	}
}

func TestRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, path, want string }{
		{"directory", dir, "it is a directory"},
		{"device", os.DevNull, "it is a device"},
		{"no folder", filepath.Join(dir, "no", "such"), "no such file or directory"},
		{"no name", "", "no file name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Create(tc.path)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Create(%q) = %v, want an error saying %q", tc.path, err, tc.want)
			}
		})
	}
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode().IsRegular() {
		t.Fatalf("%s was replaced: %v %v", os.DevNull, fi, err)
	}
}

// TestSymlink: a link is followed, and the file it points to replaced.
func TestSymlink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	os.WriteFile(target, []byte("old"), 0o600)
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if err := Write(link, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(target)
	fi, _ := os.Lstat(link)
	tfi, _ := os.Stat(target)
	if string(got) != "new" || fi.Mode()&os.ModeSymlink == 0 || tfi.Mode().Perm() != 0o600 {
		t.Fatalf("target %q, link mode %v, target mode %v: want the target replaced with its mode, the link kept", got, fi.Mode(), tfi.Mode())
	}
}

// TestDanglingSymlink: a link to a file that does not exist yet (here
// through a relative link to a second link) creates that file, and the
// links stay.
func TestDanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	if err := os.Symlink("sub/inner", filepath.Join(dir, "link")); err != nil {
		t.Skip(err)
	}
	os.Symlink("target", filepath.Join(dir, "sub", "inner"))
	if err := Write(filepath.Join(dir, "link"), func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "sub", "target"))
	fi, _ := os.Lstat(filepath.Join(dir, "link"))
	if string(got) != "new" || err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("target %q (%v), link mode %v: want the target made, the link kept", got, err, fi.Mode())
	}
}

// TestCommitRechecks: a directory made at the path while the file was
// written is not replaced.
func TestCommitRechecks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	os.Mkdir(path, 0o755)
	if err := f.Commit(); err == nil || !strings.Contains(err.Error(), "a directory") {
		t.Fatalf("Commit over a new directory: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Fatalf("%d files left, want the directory alone", len(entries))
	}
	f.Discard() // nothing to do after Commit
}
