package weft.installed;

import com.sun.jna.Library;
import com.sun.jna.Native;

import java.util.Optional;

/**
 * The installed OpenSSL's {@code libcrypto} ({@code libcrypto.so.3} or the unversioned name a development package
 * links): {@code ERR_error_string_n(e, buf, len)}, the text the system's own library gives an error code (its library
 * and reason strings, or its shorter form when the text does not fit), so that an execution computes what the
 * program's real call writes. Only 64-bit Linux ({@code unsigned long} and {@code size_t} are Java longs there).
 */
public final class CryptoErrors {
    interface Lib extends Library {
        void ERR_error_string_n(long e, byte[] buf, long len);
    }

    private static final Loaded<CryptoErrors> INSTALLED = new Loaded<>(CryptoErrors::load);
    private final Lib lib;

    private CryptoErrors(Lib lib) {
        this.lib = lib;
    }

    /** The installed library, loaded once; empty where there is none. */
    public static Optional<CryptoErrors> installed() {
        return INSTALLED.get();
    }

    private static Optional<CryptoErrors> load() {
        if (!System.getProperty("os.name", "").startsWith("Linux") || !"64".equals(System.getProperty("sun.arch.data.model", "64"))) {
            return Optional.empty();
        }
        for (String name : new String[] {"crypto", "libcrypto.so.3"}) {
            try {
                return Optional.of(new CryptoErrors(Native.load(name, Lib.class)));
            } catch (UnsatisfiedLinkError | RuntimeException e) {
                // the next name
            }
        }
        return Optional.empty();
    }

    /** The text {@code ERR_error_string_n} writes for {@code code} into a buffer of {@code len} bytes (its terminator not included). */
    public synchronized String text(long code, int len) {
        byte[] buf = new byte[Math.max(len, 1)];
        lib.ERR_error_string_n(code, buf, len);
        int n = 0;
        while (n < buf.length && buf[n] != 0) n++;
        return new String(buf, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
