package weft.witness;

import weft.ir.DataModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;

/**
 * What a witness says about the verification task, besides the race: the program file (as named on the command
 * line), its SHA-256 (of the file's bytes, as SV-COMP and WitnessLint compute it), the data model (GraphML
 * {@code architecture} {@code 32bit}/{@code 64bit}, YAML {@code data_model}), the specification (the property
 * file's text, or SV-COMP's data-race property when none was given), the producer's version and the creation
 * time (whole seconds, UTC).
 */
public record WitnessTask(Path programFile, String programHash, DataModel dataModel, String specification,
                          String producerVersion, Instant created) {
    /** SV-COMP's specification of the no-data-race property. */
    public static final String DATA_RACE_SPECIFICATION = "CHECK( init(main()), LTL(G ! data-race) )";
    public static final String PRODUCER = "Weft";

    public WitnessTask {
        created = created.truncatedTo(ChronoUnit.SECONDS);
    }

    /** The task of checking {@code program} against {@code propertyFile} (null: the data-race property). */
    public static WitnessTask of(Path program, DataModel dataModel, Path propertyFile, String version, Instant now)
            throws IOException {
        String spec = propertyFile == null ? DATA_RACE_SPECIFICATION : specificationOf(Files.readString(propertyFile));
        return new WitnessTask(program, sha256(Files.readAllBytes(program)), dataModel, spec, version, now);
    }

    /** The specification a property file states: its text without comments ({@code //}) and blank lines. */
    static String specificationOf(String propertyText) {
        StringBuilder sb = new StringBuilder();
        for (String line : propertyText.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("//")) continue;
            if (sb.length() > 0) sb.append('\n');
            sb.append(l);
        }
        return sb.length() == 0 ? DATA_RACE_SPECIFICATION : sb.toString();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }

    /** GraphML's {@code architecture}. */
    public String architecture() {
        return dataModel.pointerSize == 4 ? "32bit" : "64bit";
    }

    /** ISO 8601 creation time in whole seconds, e.g. {@code 2026-11-24T06:40:00Z}. */
    public String creationTime() {
        return created.toString();
    }
}
