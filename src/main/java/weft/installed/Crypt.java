package weft.installed;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.util.Optional;

/**
 * The installed {@code libcrypt} (Debian's libxcrypt, {@code libcrypt.so.1}): {@code crypt(key, salt)}, the text
 * the system's own password hashing gives (a failure token, {@code "*0"} or {@code "*1"}, for a salt it refuses), so
 * that an execution computes what the program's real call computes.
 */
public final class Crypt {
    interface Lib extends Library {
        Pointer crypt(byte[] key, byte[] salt);
    }

    /** libxcrypt's {@code struct crypt_data} fits in this (32 KiB of internal state and the output). */
    private static final int CRYPT_DATA = 1 << 16;

    private static final Loaded<Crypt> INSTALLED = new Loaded<>(Crypt::load);
    private final Lib lib;

    private Crypt(Lib lib) {
        this.lib = lib;
    }

    /** The installed library, loaded once; empty where there is none. */
    public static Optional<Crypt> installed() {
        return INSTALLED.get();
    }

    private static Optional<Crypt> load() {
        try {
            if (!System.getProperty("os.name", "").startsWith("Linux")) return Optional.empty();
            return Optional.of(new Crypt(Native.load("crypt", Lib.class)));
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * {@code setkey(key)} then {@code encrypt(block, edflag)} of the library's DES (glibc 2.2.5's interface, which
     * libxcrypt keeps as compatibility symbols: {@code setkey_r} and {@code encrypt_r} with a state of their own, so no
     * state of the library's is shared): the 64 bytes of the block after it, or null where the installed libcrypt does
     * not have them.
     */
    public synchronized byte[] des(byte[] key, byte[] block, int edflag) {
        if (setkeyR == null) {
            CLibrary libc = CLibrary.installed().orElse(null);
            Pointer setkey = libc == null ? null : libc.versionedSymbol("libcrypt.so.1", "setkey_r", "GLIBC_2.2.5");
            Pointer encrypt = libc == null ? null : libc.versionedSymbol("libcrypt.so.1", "encrypt_r", "GLIBC_2.2.5");
            if (setkey == null || encrypt == null) return null;
            setkeyR = com.sun.jna.Function.getFunction(setkey);
            encryptR = com.sun.jna.Function.getFunction(encrypt);
        }
        com.sun.jna.Memory data = new com.sun.jna.Memory(CRYPT_DATA);
        data.clear();
        byte[] b = block.clone();
        setkeyR.invokeVoid(new Object[] {key.clone(), data});
        encryptR.invokeVoid(new Object[] {b, edflag, data});
        return b;
    }

    /** libcrypt's {@code setkey_r} and {@code encrypt_r}, looked up once ({@link #des}). */
    private com.sun.jna.Function setkeyR, encryptR;

    /** {@code crypt} of the key and salt bytes (terminated here): its text, or null for a null answer. */
    public synchronized String crypt(byte[] key, byte[] salt) {
        Pointer p = lib.crypt(java.util.Arrays.copyOf(key, key.length + 1), java.util.Arrays.copyOf(salt, salt.length + 1));
        return p == null ? null : p.getString(0, "ISO-8859-1");
    }
}
