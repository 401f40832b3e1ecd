package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// methods names the word type's method for each operator the rewrite turns
// into a call. The 128-bit word has every one of them.
var methods = map[token.Token]string{
	token.ADD: "Add", token.SUB: "Sub", token.MUL: "Mul",
	token.AND: "And", token.OR: "Or", token.XOR: "Xor", token.AND_NOT: "AndNot",
	token.SHL: "Lsh", token.SHR: "Rsh",
}

// assignOps maps each assignment operator to its operator.
var assignOps = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.AND_ASSIGN: token.AND, token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR,
	token.AND_NOT_ASSIGN: token.AND_NOT, token.SHL_ASSIGN: token.SHL, token.SHR_ASSIGN: token.SHR,
}

// rewriter turns one type-checked file's operations on the word type into
// calls of its methods.
type rewriter struct {
	fset *token.FileSet
	info *types.Info
	word *types.TypeName // the 64-bit package's Bits

	// qual is how the file names the word's package: "" inside it.
	qual string

	// shared are the shared declarations; imports gets the import path
	// of each package whose shared declarations the file uses.
	shared  shared
	imports map[string]bool

	// operands holds the types of a node's operands, recorded before the
	// operands are rewritten (a rewritten expression has no type).
	operands map[ast.Node][]types.Type

	errs []error
}

// isWord says whether t is the word type.
func (r *rewriter) isWord(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && r.word != nil && n.Obj() == r.word
}

func (r *rewriter) errorf(n ast.Node, format string, args ...any) {
	r.errs = append(r.errs, fmt.Errorf("%s: %s", r.fset.Position(n.Pos()), fmt.Sprintf(format, args...)))
}

// rewrite rewrites f in place.
func (r *rewriter) rewrite(f *ast.File) {
	r.operands = map[ast.Node][]types.Type{}
	astutil.Apply(f, r.pre, r.post)
}

// pre records operand types and refuses what the rewrite cannot express.
func (r *rewriter) pre(c *astutil.Cursor) bool {
	switch n := c.Node().(type) {
	case *ast.BinaryExpr:
		r.operands[n] = []types.Type{r.info.TypeOf(n.X), r.info.TypeOf(n.Y)}
	case *ast.UnaryExpr:
		r.operands[n] = []types.Type{r.info.TypeOf(n.X)}
	case *ast.CallExpr:
		if len(n.Args) == 1 {
			r.operands[n] = []types.Type{r.info.TypeOf(n.Args[0])}
		}
	case *ast.AssignStmt:
		if len(n.Lhs) == 1 {
			r.operands[n] = []types.Type{r.info.TypeOf(n.Lhs[0])}
		}
	case *ast.IncDecStmt:
		r.operands[n] = []types.Type{r.info.TypeOf(n.X)}
	case *ast.ValueSpec:
		for _, name := range n.Names {
			if c, ok := r.info.Defs[name].(*types.Const); ok && r.isWord(c.Type()) {
				r.errorf(n, "constant %s of the word type: a two-word value cannot be a constant", name.Name)
			}
		}
	case *ast.SwitchStmt:
		if n.Tag != nil && r.isWord(r.info.TypeOf(n.Tag)) {
			r.errorf(n, "switch on a word")
		}
	}
	return true
}

// post replaces a node whose operands are already rewritten.
func (r *rewriter) post(c *astutil.Cursor) bool {
	switch n := c.Node().(type) {
	case *ast.BasicLit, *ast.Ident, *ast.SelectorExpr:
		e := n.(ast.Expr)
		if c.Name() == "Sel" {
			return true // the name in a selector: its selector is the expression
		}
		if s := r.sharedRef(e); s != nil {
			c.Replace(s)
			return true
		}
		if tv, ok := r.info.Types[e]; ok && tv.Value != nil && r.isWord(tv.Type) {
			c.Replace(r.bitsOf(e))
		}
	case *ast.BinaryExpr:
		r.binary(c, n)
	case *ast.UnaryExpr:
		if r.isWord(r.operands[n][0]) {
			switch n.Op {
			case token.XOR:
				c.Replace(r.call(n.X, "Not"))
			case token.SUB:
				c.Replace(r.call(n.X, "Neg"))
			case token.ADD:
				c.Replace(n.X)
			}
		}
	case *ast.ParenExpr:
		if r.isWord(r.info.TypeOf(n)) && primary(n.X) {
			c.Replace(n.X)
		}
	case *ast.CallExpr:
		r.conversion(c, n)
	case *ast.AssignStmt:
		op, ok := assignOps[n.Tok]
		if ok && r.isWord(r.operands[n][0]) {
			c.Replace(r.opAssign(n, n.Lhs[0], op, n.Rhs[0], r.info.TypeOf(n.Rhs[0])))
		}
	case *ast.IncDecStmt:
		if r.isWord(r.operands[n][0]) {
			op := map[token.Token]token.Token{token.INC: token.ADD, token.DEC: token.SUB}[n.Tok]
			c.Replace(r.opAssign(n, n.X, op, r.bitsOf(&ast.BasicLit{Kind: token.INT, Value: "1"}), nil))
		}
	}
	return true
}

// sharedRef is the reference to the 64-bit package's declaration that e,
// a name or a qualified name, refers to if that declaration is shared, or
// nil.
func (r *rewriter) sharedRef(e ast.Expr) ast.Expr {
	id, ok := e.(*ast.Ident)
	if sel, isSel := e.(*ast.SelectorExpr); isSel {
		id, ok = sel.Sel, true
	}
	if !ok {
		return nil
	}
	obj := r.info.Uses[id]
	if obj == nil || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() || !r.shared[obj.Pkg().Path()+"."+obj.Name()] {
		return nil
	}
	if !obj.Exported() {
		r.errorf(e, "%s is in a shared file but not exported: the wide package cannot use it", obj.Name())
		return nil
	}
	r.imports[obj.Pkg().Path()] = true
	return &ast.SelectorExpr{X: ast.NewIdent(sharedAlias(obj.Pkg().Path())), Sel: ast.NewIdent(obj.Name())}
}

// sharedAlias is the name a generated file imports the 64-bit package of
// path under, for its shared declarations: "c4position".
func sharedAlias(path string) string { return "c4" + path[strings.LastIndex(path, "/")+1:] }

// binary rewrites an operator on words: arithmetic into a method call,
// ordering into Less; == and != compare two-word values as they are.
func (r *rewriter) binary(c *astutil.Cursor, n *ast.BinaryExpr) {
	ts := r.operands[n]
	result := r.isWord(r.info.TypeOf(n))
	if !result && !r.isWord(ts[0]) && !r.isWord(ts[1]) {
		return
	}
	// An untyped constant operand of a word result may be recorded as
	// untyped (1 << 14 passed as a word): it becomes a word here.
	if result && !r.isWord(ts[0]) {
		n.X = r.bitsOf(n.X)
	}
	if result && !r.isWord(ts[1]) && n.Op != token.SHL && n.Op != token.SHR {
		n.Y = r.bitsOf(n.Y)
	}
	switch n.Op {
	case token.EQL, token.NEQ:
		return
	case token.LSS:
		c.Replace(r.call(n.X, "Less", n.Y))
		return
	case token.GTR:
		c.Replace(r.call(n.Y, "Less", n.X))
		return
	case token.LEQ:
		c.Replace(&ast.UnaryExpr{Op: token.NOT, X: r.call(n.Y, "Less", n.X)})
		return
	case token.GEQ:
		c.Replace(&ast.UnaryExpr{Op: token.NOT, X: r.call(n.X, "Less", n.Y)})
		return
	case token.SHL, token.SHR:
		if r.isWord(ts[1]) {
			r.errorf(n, "a shift by a word")
			return
		}
		c.Replace(r.call(n.X, methods[n.Op], shiftCount(n.Y, ts[1])))
		return
	}
	m, ok := methods[n.Op]
	if !ok {
		r.errorf(n, "operator %s on words", n.Op)
		return
	}
	c.Replace(r.call(n.X, m, n.Y))
}

// conversion rewrites a conversion to the word type into the word itself or
// BitsOf, and refuses one from it: what a word becomes as another type
// depends on its width, so such code belongs in a //widen:skip file.
func (r *rewriter) conversion(c *astutil.Cursor, n *ast.CallExpr) {
	tv, ok := r.info.Types[n.Fun]
	if !ok || !tv.IsType() || len(n.Args) != 1 {
		if ok && tv.IsBuiltin() && r.isWord(r.info.TypeOf(n)) {
			r.errorf(n, "builtin %s on words", astString(n.Fun))
		}
		return
	}
	from := r.operands[n][0]
	switch {
	case r.isWord(tv.Type) && r.isWord(from):
		c.Replace(n.Args[0])
	case r.isWord(tv.Type):
		arg := n.Args[0]
		if b, ok := types.Unalias(from).Underlying().(*types.Basic); !ok || b.Kind() != types.Uint64 && b.Info()&types.IsUntyped == 0 {
			arg = &ast.CallExpr{Fun: ast.NewIdent("uint64"), Args: []ast.Expr{arg}}
		}
		c.Replace(r.bitsOf(arg))
	case r.isWord(from):
		r.errorf(n, "conversion of a word to %s: width-specific, so it belongs in a //widen:skip file", tv.Type)
	}
}

// opAssign rewrites x op= y (and x++, x--) into x = x.Method(y); x must be
// free of side effects, since it is evaluated twice.
func (r *rewriter) opAssign(n ast.Node, x ast.Expr, op token.Token, y ast.Expr, yType types.Type) ast.Stmt {
	if !pure(x) {
		r.errorf(n, "%s= on %s, which may have side effects", op, astString(x))
		return &ast.EmptyStmt{}
	}
	if op == token.SHL || op == token.SHR {
		y = shiftCount(y, yType)
	}
	return &ast.AssignStmt{Lhs: []ast.Expr{x}, Tok: token.ASSIGN, Rhs: []ast.Expr{r.call(copyExpr(x), methods[op], y)}}
}

// call is recv.name(args...).
func (r *rewriter) call(recv ast.Expr, name string, args ...ast.Expr) *ast.CallExpr {
	if !primary(recv) {
		recv = &ast.ParenExpr{X: recv}
	}
	for i, a := range args {
		if p, ok := a.(*ast.ParenExpr); ok {
			args[i] = p.X // an argument needs none
		}
	}
	return &ast.CallExpr{Fun: &ast.SelectorExpr{X: recv, Sel: ast.NewIdent(name)}, Args: args}
}

// bitsOf is BitsOf(e), qualified as the file names the word's package.
func (r *rewriter) bitsOf(e ast.Expr) ast.Expr {
	var fun ast.Expr = ast.NewIdent("BitsOf")
	if r.qual != "" {
		fun = &ast.SelectorExpr{X: ast.NewIdent(r.qual), Sel: ast.NewIdent("BitsOf")}
	}
	return &ast.CallExpr{Fun: fun, Args: []ast.Expr{e}}
}

// shiftCount is a shift count as the word's shift methods take it: a uint.
func shiftCount(e ast.Expr, t types.Type) ast.Expr {
	if b, ok := types.Unalias(t).(*types.Basic); ok && (b.Kind() == types.Uint || b.Info()&types.IsUntyped != 0) {
		return e
	}
	return &ast.CallExpr{Fun: ast.NewIdent("uint"), Args: []ast.Expr{e}}
}

// primary says whether e can be a method call's receiver without
// parentheses.
func primary(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Ident, *ast.BasicLit, *ast.CallExpr, *ast.SelectorExpr, *ast.IndexExpr, *ast.ParenExpr, *ast.CompositeLit:
		return true
	}
	return false
}

// pure says whether evaluating e twice is the same as once: a variable, a
// field or an element at a constant or variable index.
func pure(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return pure(e.X)
	case *ast.IndexExpr:
		return pure(e.X) && pure(e.Index)
	case *ast.StarExpr:
		return pure(e.X)
	case *ast.ParenExpr:
		return pure(e.X)
	}
	return false
}

// copyExpr copies a pure expression, so that no node appears twice.
func copyExpr(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.Ident:
		return ast.NewIdent(e.Name)
	case *ast.BasicLit:
		return &ast.BasicLit{Kind: e.Kind, Value: e.Value}
	case *ast.SelectorExpr:
		return &ast.SelectorExpr{X: copyExpr(e.X), Sel: ast.NewIdent(e.Sel.Name)}
	case *ast.IndexExpr:
		return &ast.IndexExpr{X: copyExpr(e.X), Index: copyExpr(e.Index)}
	case *ast.StarExpr:
		return &ast.StarExpr{X: copyExpr(e.X)}
	case *ast.ParenExpr:
		return &ast.ParenExpr{X: copyExpr(e.X)}
	}
	panic(fmt.Sprintf("widen: copyExpr of %T", e))
}

// astString writes e as source, for messages.
func astString(e ast.Expr) string { return types.ExprString(e) }
