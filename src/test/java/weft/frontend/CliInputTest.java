package weft.frontend;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.cli.Main;
import weft.ir.CallTarget;
import weft.ir.DataModel;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input through the command line ({@code weft parse}): one diagnostic line
 * {@code file:line:col: error: message} per problem, exit code 2, never a stack trace; and programs
 * of several translation units.
 */
class CliInputTest {
    private static final Pattern DIAGNOSTIC = Pattern.compile("(.+):(\\d+):(\\d+): error: (.+)");

    @TempDir
    Path dir;

    record Result(int code, String out, String err) {}

    static Result weft(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        Result r = new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertFalse(r.err().contains("at weft.") || r.err().contains("Exception") || r.err().contains("\tat "),
                "stack trace in: " + r.err());
        return r;
    }

    /** Runs {@code weft parse FILE} expecting exactly one error diagnostic about {@code file}; returns its matcher. */
    private Matcher oneError(Path file, int line) {
        Result r = weft("parse", "--data-model", "ILP32", file.toString());
        assertEquals(2, r.code(), r.toString());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), "one diagnostic line expected: " + r.err());
        Matcher m = DIAGNOSTIC.matcher(lines.get(0));
        assertTrue(m.matches(), "file:line:col: error: message expected, got: " + lines.get(0));
        assertEquals(file.toString(), m.group(1));
        assertEquals(line, Integer.parseInt(m.group(2)), lines.get(0));
        assertEquals("parsed 1 files: 0 clean, 1 with errors", r.out().strip());
        return m;
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @Test
    void missingFile() {
        Matcher m = oneError(dir.resolve("nope.c"), 0);
        assertEquals("no such file", m.group(4));
    }

    @Test
    void directory() throws IOException {
        Path d = Files.createDirectory(dir.resolve("sub.c"));
        Matcher m = oneError(d, 0);
        assertEquals("is a directory", m.group(4));
    }

    @Test
    void unreadableFile() throws IOException {
        Path f = write("secret.c", "int x;\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        try {
            Assumptions.assumeFalse(Files.isReadable(f), "running as root: chmod 000 does not stop reading");
            Matcher m = oneError(f, 0);
            assertTrue(m.group(4).contains("permission denied"), m.group(4));
        } finally {
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        }
    }

    @Test
    void binaryFile() throws IOException {
        Path f = dir.resolve("blob.c");
        Files.write(f, new byte[]{0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, (byte) 0xff, 0});
        Matcher m = oneError(f, 0);
        assertTrue(m.group(4).contains("binary"), m.group(4));
    }

    @Test
    void nonCExtension() throws IOException {
        Path f = write("notes.txt", "int x;\n");
        Matcher m = oneError(f, 0);
        assertTrue(m.group(4).contains("not a C source file"), m.group(4));
    }

    @Test
    void syntaxError() throws IOException {
        Path f = write("syntax.c", """
                int ok(void) { return 1; }

                int broken(void) {
                  return 1 +* ;
                }
                """);
        Matcher m = oneError(f, 4);
        assertTrue(m.group(4).contains("syntax error"), m.group(4));
        int col = Integer.parseInt(m.group(3));
        assertTrue(col >= 3 && col <= 15, "column within the statement: " + col);
    }

    @Test
    void missingSemicolon() throws IOException {
        Path f = write("semi.c", """
                int main(void) {
                  int x = 1
                  return x;
                }
                """);
        oneError(f, 2);
    }

    @Test
    void missingHeader() throws IOException {
        Path f = write("hdr.c", """
                #include <stddef.h>
                #include "no_such_header.h"
                int main(void) { return 0; }
                """);
        Matcher m = oneError(f, 2);
        assertTrue(m.group(4).contains("no_such_header.h"), m.group(4));
        assertEquals("1", m.group(3));
    }

    @Test
    void undeclaredIdentifier() throws IOException {
        Path f = write("undecl.c", """
                int main(void) {
                  return missing_variable + 1;
                }
                """);
        Matcher m = oneError(f, 2);
        assertEquals("10", m.group(3));
        assertTrue(m.group(4).contains("missing_variable"), m.group(4));
    }

    @Test
    void severalFilesAreSummarised() throws IOException {
        Path a = write("a.c", "int a(void) { return 1; }\n");
        Path b = write("b.c", "int b(void) { return 2; }\n");
        Path bad = write("bad.c", "int c(void) { return ; ; }}\n");
        Result ok = weft("parse", a.toString(), b.toString());
        assertEquals(0, ok.code(), ok.toString());
        assertEquals("parsed 2 files: 2 clean, 0 with errors", ok.out().strip());
        assertEquals("", ok.err());

        Result mixed = weft("parse", a.toString(), bad.toString(), dir.resolve("gone.c").toString(), b.toString());
        assertEquals(2, mixed.code(), mixed.toString());
        assertEquals("parsed 4 files: 2 clean, 2 with errors", mixed.out().strip());
        List<String> errs = mixed.err().lines().toList();
        assertTrue(errs.stream().allMatch(l -> DIAGNOSTIC.matcher(l).matches()), errs.toString());
        assertTrue(errs.stream().anyMatch(l -> l.startsWith(bad + ":1:")), errs.toString());
        assertTrue(errs.stream().anyMatch(l -> l.equals(dir.resolve("gone.c") + ":0:0: error: no such file")), errs.toString());
    }

    @Test
    void dumpOfACleanFile() throws IOException {
        Path a = write("dump.c", "int g;\nint main(void) { g = 1; return g; }\n");
        Result r = weft("parse", "--dump", "ir", "--data-model", "ILP32", a.toString());
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("program ILP32\n"), r.out());
        assertTrue(r.out().contains("global g : int  #0  @dump.c:1:5"), r.out());
        assertTrue(r.out().contains("g = 1   @dump.c:2:18"), r.out());
        assertEquals("parsed 1 files: 1 clean, 0 with errors", r.err().strip());
    }

    @Test
    void pointsToDumpListsWhatEachCellMayPointTo() throws IOException {
        Path a = write("pts.c", """
                int a, b;
                struct { int *p; int *r; } s;
                int *q;
                void (*hook)(void);
                void f(void) {}
                int main(int n, char **v) { s.p = &a; s.r = n ? &a : &b; q = s.p; hook = f; hook(); return 0; }
                """);
        Result r = weft("parse", "--dump", "points-to", "--data-model", "ILP32", a.toString());
        assertEquals(0, r.code(), r.toString());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.contains("s#1+0 -> [a#0+0]") || lines.stream().anyMatch(l -> l.matches("s#\\d+\\+0 -> \\[a#\\d+\\+0\\]")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("s#\\d+\\+4 -> \\[a#\\d+\\+0, b#\\d+\\+0\\]")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("q#\\d+\\+0 -> \\[a#\\d+\\+0\\]")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("hook#\\d+\\+0 -> \\[fn:f\\S*\\+0\\]")), r.out());
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("# incomplete")), r.out());
        assertEquals("parsed 1 files: 1 clean, 0 with errors", r.err().strip());
    }

    @Test
    void pointsToDumpNamesItsGaps() throws IOException {
        Path a = write("gap.c", """
                extern void (*get(void))(void);
                int main(void) { void (*h)(void) = get(); h(); return 0; }
                """);
        Result r = weft("parse", "--dump", "points-to", a.toString());
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("# incomplete: ")), r.out());
    }

    // ---------------------------------------------------------------- several translation units

    private Path twoUnits() throws IOException {
        write("inc/common.h", "#define COMMON 7\nextern int shared;\n");
        write("src/a.c", """
                #include "common.h"
                int shared = 1;
                static int helper(void) { return 1; }
                int fa(void) { return helper() + shared + COMMON; }
                """);
        write("src/b.c", """
                #include "common.h"
                static int helper(void) { return 2; }
                int fb(void) { shared = 5; return helper() + BVAL; }
                int main(void) { return fa() + fb(); }
                """);
        String json = """
                [
                  { "directory": "%1$s", "file": "src/a.c", "arguments": ["cc", "-Iinc", "-c", "src/a.c"] },
                  { "directory": "%1$s", "file": "src/b.c", "command": "cc -I inc -DBVAL=3 -c src/b.c" }
                ]
                """.formatted(dir.toString());
        return write("compile_commands.json", json);
    }

    @Test
    void compileCommandsLinkExternsAndKeepStaticsApart() throws IOException, FrontendException {
        Path cc = twoUnits();
        Program p = new Frontend(FrontendOptions.defaults(DataModel.ILP32)).loadCompileCommands(cc);
        List<Variable> shared = p.globals().stream().filter(v -> v.name().equals("shared")).toList();
        assertEquals(1, shared.size(), p.globals().toString());
        assertEquals(List.of("+0 int = 1"), FrontendTestSupport.initItems(p, "shared"));

        List<Function> helpers = p.functions().values().stream().filter(f -> f.name().equals("helper")).toList();
        assertEquals(2, helpers.size(), p.functions().keySet().toString());
        assertNotEquals(helpers.get(0).linkName(), helpers.get(1).linkName());
        assertTrue(helpers.stream().allMatch(Function::isStatic));
        assertEquals(List.of("fa", "fb", "helper@a.c", "helper@b.c", "main"),
                p.functions().keySet().stream().sorted().toList());

        // Each unit's call resolves to its own helper.
        Function fa = FrontendTestSupport.fn(p, "fa");
        Stmt.Call ca = FrontendTestSupport.stmtsOf(fa, Stmt.Call.class).get(0);
        assertEquals("helper@a.c", ca.directName());
        CallTarget.User ua = assertInstanceOf(CallTarget.User.class, p.target(ca));
        assertEquals("a.c", Path.of(ua.function().loc().file()).getFileName().toString());
        Stmt.Call cb = FrontendTestSupport.stmtsOf(FrontendTestSupport.fn(p, "fb"), Stmt.Call.class).get(0);
        assertEquals("helper@b.c", cb.directName());

        // The extern in b.c is the object defined in a.c; -I and -D of each entry applied.
        Stmt.Assign write = FrontendTestSupport.stmtsOf(FrontendTestSupport.fn(p, "fb"), Stmt.Assign.class).get(0);
        assertSame(shared.get(0), ((Lvalue.Var) write.lhs()).variable());
        Stmt.Return ra = FrontendTestSupport.stmtsOf(fa, Stmt.Return.class).get(0);
        assertTrue(ra.value().toString().contains("shared"), ra.toString());

        IrInterpreter run = new IrInterpreter(p);
        assertEquals((1 + 1 + 7) + (2 + 3), run.run("main"));
        assertEquals(5, run.global("shared"));
    }

    @Test
    void compileCommandsThroughTheCli() throws IOException {
        Path cc = twoUnits();
        Result r = weft("parse", "--compile-commands", cc.toString());
        assertEquals(0, r.code(), r.toString());
        assertEquals("parsed 2 files: 2 clean, 0 with errors", r.out().strip());
        Result dump = weft("parse", "--compile-commands", cc.toString(), "--dump", "ir");
        assertEquals(0, dump.code(), dump.toString());
        assertTrue(dump.out().contains("function static helper() : int  link helper@a.c"), dump.out());
        assertTrue(dump.out().contains("function static helper() : int  link helper@b.c"), dump.out());
        assertEquals(1, dump.out().lines().filter(l -> l.startsWith("global shared ")).count(), dump.out());
    }

    @Test
    void compileCommandsWithABadUnit() throws IOException {
        Path cc = twoUnits();
        write("src/b.c", "int fb(void) { return }\n");
        Result r = weft("parse", "--compile-commands", cc.toString());
        assertEquals(2, r.code(), r.toString());
        List<String> errs = r.err().lines().toList();
        assertEquals(1, errs.size(), r.err());
        Matcher m = DIAGNOSTIC.matcher(errs.get(0));
        assertTrue(m.matches(), errs.get(0));
        assertTrue(m.group(1).endsWith("b.c"), m.group(1));
        assertEquals("1", m.group(2));
        assertEquals("parsed 2 files: 1 clean, 1 with errors", r.out().strip());
    }

    @Test
    void filesLinkedWithoutACompilationDatabase() throws IOException, FrontendException {
        // In one.c tick is static through its first declaration only (the definition has no storage class).
        Path a = write("x/one.c", "int counter; static void tick(void);\nvoid one(void) { tick(); }\nvoid tick(void) { counter++; }\n");
        Path b = write("y/two.c", "extern int counter; static void tick(void) { counter--; }\nvoid two(void) { tick(); }\n");
        Program p = new Frontend(new FrontendOptions(List.of(), Map.of(), DataModel.LP64, false)).load(List.of(a, b));
        assertEquals(1, p.globals().stream().filter(v -> v.name().equals("counter")).count());
        assertEquals(List.of("one", "tick@one.c", "tick@two.c", "two"), p.functions().keySet().stream().sorted().toList());
        Stmt.Call c = FrontendTestSupport.stmtsOf(FrontendTestSupport.fn(p, "two"), Stmt.Call.class).get(0);
        assertEquals(new Expr.FuncRef("tick@two.c", c.callee().type()), c.callee());
        Stmt.Call c1 = FrontendTestSupport.stmtsOf(FrontendTestSupport.fn(p, "one"), Stmt.Call.class).get(0);
        assertEquals("tick@one.c", c1.directName());
        assertTrue(p.function("tick@one.c").isStatic());
        assertFalse(p.function("one").isStatic());
    }
}
