package weft.ir.print;

import weft.ir.CType;
import weft.ir.Cfg;
import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.LibraryModels;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small hand-built IR programs for printer tests. */
final class TestPrograms {
    static final CType INT = new CType.Int("int", 4, 4, true);
    static final CType.Pointer VOID_PTR = new CType.Pointer(new CType.Void(), 8);

    private TestPrograms() {
    }

    static SourceLoc at(int line, int col) {
        return new SourceLoc("/some/dir/t.c", line, col);
    }

    /** {@code int counter = 7; __thread int tl; void *worker(void *arg) { int x; x = counter + 1; ... }} */
    static Program program() {
        Variable counter = new Variable(0, "counter", INT, Variable.Kind.GLOBAL, null, false, at(1, 5));
        Variable tl = new Variable(1, "tl", INT, Variable.Kind.GLOBAL, null, true, at(2, 14));
        Variable arg = new Variable(2, "arg", VOID_PTR, Variable.Kind.PARAM, "worker", false, at(3, 20));
        Variable x = new Variable(3, "x", INT, Variable.Kind.LOCAL, "worker", false, at(4, 7));
        Lvalue.Var xl = new Lvalue.Var(x);
        Expr load = new Expr.Load(new Lvalue.Var(counter), at(5, 7));
        List<Edge> edges = List.of(
                new Edge(0, 1, new Stmt.Decl(x, at(4, 3))),
                new Edge(1, 2, new Stmt.Assign(xl, new Expr.Binary(Expr.BinOp.ADD, load, new Expr.IntConst(1, INT), INT), at(5, 3))),
                new Edge(2, 3, new Stmt.Assume(new Expr.Load(xl, at(6, 7)), true, at(6, 3))),
                new Edge(2, 4, new Stmt.Assume(new Expr.Load(xl, at(6, 7)), false, at(6, 3))),
                new Edge(3, 4, new Stmt.Call(null, new Expr.FuncRef("helper", INT), List.of(new Expr.IntConst(2, INT)), at(7, 5))),
                new Edge(4, 5, new Stmt.Return(new Expr.IntConst(0, VOID_PTR), SourceLoc.NONE)));
        CType.Function type = new CType.Function(VOID_PTR, List.of(VOID_PTR), false);
        Function worker = new Function("worker", "worker", type, List.of(arg), List.of(x),
                new Cfg(6, 0, 5, edges), false, at(3, 7));
        Map<String, Function> functions = new LinkedHashMap<>();
        functions.put("worker", worker);
        GlobalInit init = new GlobalInit(counter, List.of(new GlobalInit.Item(0, INT, new Expr.IntConst(7, INT))));
        return new Program(DataModel.LP64, List.of(counter, tl), List.of(init), functions, LibraryModels.standard());
    }

    /** A static one-edge function whose statement is inline assembly with quotes, backslashes and a newline. */
    static Function asmFunction() {
        CType.Function type = new CType.Function(new CType.Void(), List.of(), true);
        Stmt asm = new Stmt.Asm("mov \"a\\b\"\nnop", at(9, 3));
        return new Function("f", "f@t.c", type, List.of(), List.of(),
                new Cfg(2, 0, 1, List.of(new Edge(0, 1, asm))), true, at(8, 13));
    }
}
