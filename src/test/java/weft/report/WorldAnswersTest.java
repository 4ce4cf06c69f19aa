package weft.report;

import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The world's answers a witness records, in a person's words, each saying exactly its own call's values. */
class WorldAnswersTest {
    private static WorldAnswers.Said say(String fn, long... values) {
        assertTrue(WorldAnswers.says(fn), fn);
        return WorldAnswers.say(fn, "w.c:3:9", java.util.Arrays.stream(values).boxed().toList());
    }

    @Test
    void descriptorsReadyOrNot() {
        assertEquals(new WorldAnswers.Said("poll reported entry 1 ready for reading at w.c:3:9", 3), say("poll", 1, 1, 1, 7));
        assertEquals(new WorldAnswers.Said("select reported descriptor 5 ready for reading and writing at w.c:3:9", 3), say("select", 1, 5, 5));
        assertEquals(new WorldAnswers.Said("poll timed out (no descriptor it watched could be ready) at w.c:3:9", 1), say("poll", 0, 1));
    }

    @Test
    void resolverAndAccounts() {
        assertEquals(new WorldAnswers.Said("gethostbyname resolved to 127.0.0.1 at w.c:3:9", 2), say("gethostbyname", 0, 0x0100007f));
        assertEquals(new WorldAnswers.Said("getpwnam found the user with uid 0 and gid 7 at w.c:3:9", 3), say("getpwnam", 0, 0, 7));
        assertEquals(new WorldAnswers.Said("getpwuid found the user with gid 7 at w.c:3:9", 2), say("getpwuid", 0, 7));
        assertEquals(new WorldAnswers.Said("getgrgid found the group at w.c:3:9", 1), say("getgrgid", 0));
        assertEquals(new WorldAnswers.Said("getgrnam found no such group at w.c:3:9", 1), say("getgrnam", 1, 5));
    }

    @Test
    void signalDispositions() {
        assertEquals("signal found the default disposition (SIG_DFL) before its registration at w.c:3:9", say("signal", 0).text());
        assertEquals("signal found the signal ignored (SIG_IGN) before its registration at w.c:3:9", say("signal", 1).text());
        assertEquals("signal found a handler of the program's before its registration at w.c:3:9", say("signal", -2).text());
        assertEquals("signal failed (EINVAL) at w.c:3:9", say("signal", -1).text());
    }

    @Test
    void loadedObjects() {
        // 1 + 2 headers; libc's name, its address, dlpi_adds, dlpi_subs; then per header type, flags, address, size
        assertEquals(new WorldAnswers.Said("dl_iterate_phdr handed its callback /lib/x86_64-linux-gnu/libc.so.6, loaded at 0x7ffff7bc0000, with 2 program "
                        + "headers (PT_LOAD RE at 0x0 of 4096 bytes, PT_GNU_STACK RW at 0x10000 of 12 bytes) at w.c:3:9", 13),
                say("__weft_phdr_next", 3, 2, 0x7ffff7bc0000L, 4, 0, 1, 5, 0, 4096, 0x6474e551L, 6, 0x10000, 12, 0));
        assertEquals(new WorldAnswers.Said("dl_iterate_phdr handed its callback the program itself, loaded at 0x0, with 0 program headers at w.c:3:9", 5),
                say("__weft_phdr_next", 1, 0, 0, 4, 0));
        assertEquals(new WorldAnswers.Said("dl_iterate_phdr's list of loaded objects ended at w.c:3:9", 1), say("__weft_phdr_next", 0, 3));
    }
}
