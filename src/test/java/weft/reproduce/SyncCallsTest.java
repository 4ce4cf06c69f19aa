package weft.reproduce;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The table of functions agrees with the harness runtime: each wrapped function has its wrapper, each schedule point takes its turn. */
class SyncCallsTest {
    @Test
    void everyFunctionOfTheTableIsImplementedByTheRuntimeAsItsRoleSays() {
        String runtime = Reproducer.resource("weft_runtime.c") + Reproducer.resource("weft_wrappers.c") + Reproducer.resource("weft_libaccess.c") + Reproducer.resource("weft_inputs.c")
                + Reproducer.resource("weft_world_fds.c") + Reproducer.resource("weft_pipes.c") + Reproducer.resource("weft_commands.c")
                + Reproducer.resource("weft_files.c") + Reproducer.resource("weft_openssl.c");
        SyncCalls calls = SyncCalls.standard();
        assertTrue(calls.roles().size() > 40, "table read: " + calls.roles().size());
        for (Map.Entry<String, SyncCalls.Role> e : calls.roles().entrySet()) {
            String f = e.getKey();
            boolean wrapper = runtime.contains("__wrap_" + f + "(") || runtime.matches("(?s).*_OP\\(" + f + ",.*")
                    || runtime.matches("(?s).*\\nWORLD(_PATHS)?\\([^,]+, " + f + ",.*") || runtime.matches("(?s).*\\nWORLD_FD\\(" + f + ",.*") || runtime.matches("(?s).*\\nWORLD_(STAT|XSTAT|STATVFS|OPEN|MAP|READ|WRITE)\\(" + f + ",.*") || runtime.contains("\nWORLD_SEEK(" + f + ")") || runtime.contains("\nPIPE_CALL(" + f + ", ") || runtime.contains("\nWORLD_EXEC(" + f + ", ")
                    || runtime.matches("(?s).*\\nBY_HANDLE(_INPUT)?\\(" + f + ",.*") || runtime.matches("(?s).*\\nWITNESS_GENERATOR\\([^,]+, " + f + ",.*") || runtime.matches("(?s).*\\nACCOUNT_BY_(NAME|ID)_R\\(" + f + ",.*") || runtime.contains("\nTERMINAL_NAME(" + f + ")") || runtime.contains("\nTERMINAL_NAME_INTO(" + f + ")")
                    || runtime.matches("(?s).*\\nWITNESS_DB\\([^,]+, " + f + ",.*")
                    || runtime.contains("\nWEFT_SSL_INIT(" + f + ")")
                    || runtime.contains("\nWEFT_SSL_SETUP(" + f + ", ") || runtime.matches("(?s).*\\nWEFT_SSL_ANSWER\\([^,]+, " + f + ",.*");
            boolean defined = runtime.contains(f + "(void) {") || runtime.matches("(?s).*INPUT\\([^,]+, " + f + "\\).*");
            switch (e.getValue()) {
                case EVENT, BLOCKING, SHADOW, HANDLE, LIBINPUT, CHANNEL, ENDING, LIBACCESS -> assertTrue(wrapper, "no __wrap_" + f);
                case RUNTIME, INPUT -> assertTrue(defined, "not defined: " + f);
            }
            if (e.getValue().scheduled()) assertTrue(runtime.contains("enter(\"" + f + "\")") || runtime.contains("(" + f + ", "), "no turn taken by " + f);
            if (e.getValue() == SyncCalls.Role.BLOCKING && !f.endsWith("_exit")) assertTrue(runtime.contains("resumed(\"" + f + "\")"), f);
        }
        assertTrue(calls.wrapped().contains("pthread_mutex_lock"));
        assertTrue(!calls.wrapped().contains("__VERIFIER_nondet_int"));
    }

    @Test
    void roles() {
        SyncCalls c = SyncCalls.standard();
        assertEquals(SyncCalls.Role.EVENT, c.role("pthread_mutex_lock"));
        assertEquals(SyncCalls.Role.BLOCKING, c.role("pthread_cond_wait"));
        assertEquals(SyncCalls.Role.SHADOW, c.role("pthread_mutex_init"));
        assertEquals(SyncCalls.Role.RUNTIME, c.role("__VERIFIER_atomic_begin"));
        assertEquals(null, c.role("strlen"));
        // printf reads its strings where TSan does not look: its wrapper shows them (weft_libaccess.c)
        assertEquals(SyncCalls.Role.LIBACCESS, c.role("printf"));
        for (SyncCalls.Role r : List.of(SyncCalls.Role.EVENT, SyncCalls.Role.BLOCKING, SyncCalls.Role.RUNTIME)) assertTrue(r.scheduled());
        assertTrue(!SyncCalls.Role.SHADOW.scheduled() && !SyncCalls.Role.INPUT.scheduled());
    }
}
