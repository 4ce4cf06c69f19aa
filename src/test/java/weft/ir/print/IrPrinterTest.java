package weft.ir.print;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IrPrinterTest {

    @Test
    void printsGlobalsFunctionsAndEdgesInNodeOrder() {
        String expected = """
                program LP64
                global counter : int  #0  @t.c:1:5
                  [+0] int = 7
                global tl : int  thread_local  #1  @t.c:2:14
                externals helper

                function worker(arg : void*) : void*  @t.c:3:7
                  param arg : void*  #2
                  local x : int  #3
                  cfg: 6 nodes, entry 0, exit 5
                  0 -> 1  decl x : int   @t.c:4:3
                  1 -> 2  x = (counter + 1)   @t.c:5:3
                  2 -> 3  assume(x)   @t.c:6:3
                  2 -> 4  assume(!x)   @t.c:6:3
                  3 -> 4  helper(2)   @t.c:7:5
                  4 -> 5  return 0
                """;
        assertEquals(expected, IrPrinter.print(TestPrograms.program()));
    }

    @Test
    void isDeterministic() {
        assertEquals(IrPrinter.print(TestPrograms.program()), IrPrinter.print(TestPrograms.program()));
    }

    @Test
    void staticFunctionShowsLinkNameAndKeepsStatementsOnOneLine() {
        String expected = """
                function static f(...) : void  link f@t.c  @t.c:8:13
                  cfg: 2 nodes, entry 0, exit 1
                  0 -> 1  asm "mov 'a\\b'\\nnop"   @t.c:9:3
                """;
        assertEquals(expected, IrPrinter.print(TestPrograms.asmFunction()));
    }

    @Test
    void edgeLineFormat() {
        var edge = TestPrograms.program().function("worker").cfg().out(1).get(0);
        assertEquals("  1 -> 2  x = (counter + 1)   @t.c:5:3", IrPrinter.edgeLine(edge));
    }
}
