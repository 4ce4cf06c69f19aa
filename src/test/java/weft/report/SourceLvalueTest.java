package weft.report;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Table-driven: readable lvalue names from the IR form and the source line at the access's column. */
class SourceLvalueTest {
    @ParameterizedTest(name = "{0} at {2} of \"{1}\" -> {3}")
    @CsvSource(delimiter = '|', value = {
            // IR form with temporaries: the source text at the column, when it names the IR's identifiers
            "*((*(qp).buf + __t0))|'    *item = qp->buf[qp->nextout++];'|13|qp->buf[qp->nextout++]",
            "*((*(__t0) + (int)*(cp)))|'  while (isprint(*cp)) {'|10|isprint(*cp)",
            "*((a + __t1)).f|'    x = a[g(i)] .f + 1;'|9|a[g(i)] .f",
            // the column points at something that does not name the IR's identifiers: keep the IR form
            "*((*(qp).buf + __t0))|'    total = other[k];'|5|*((qp->buf + __t0))",
            // no temporaries: the IR form, with p->f and *p
            "*(p).next|'    p->next = 0;'|5|p->next",
            "*(*(s).q).head|'s->q->head = 0;'|1|s->q->head",
            "*(p)|'    *p = 1;'|5|*p",
            "counter|'    counter++;'|5|counter",
    })
    void readable(String ir, String line, int col, String expected) {
        assertEquals(expected, SourceLvalue.readable(ir, line, col));
    }

    @ParameterizedTest(name = "\"{0}\" at {1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
            "'x = a->b[i].c + 1;'|5|a->b[i].c",
            "'x = *p;'|5|*p",
            "'x = (q)->r;'|5|(q)->r",
            "'x = 1 + 2;'|5|NULL",
            "'f(a[1'|1|f",
            "'abc'|9|NULL",
    })
    void at(String line, int col, String expected) {
        assertEquals(expected, SourceLvalue.at(line, col));
    }
}
