package weft.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code weft reproduce FILE -o DIR}: checks FILE as {@code weft check --reproducer DIR} does (text report, same exit
 * codes) and writes the runnable reproducer of the confirmed race into DIR ({@link weft.reproduce.Reproducer}).
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Check a C program and write a runnable reproducer of the confirmed race: the program with a harness "
                + "forcing the witnessed interleaving, built by DIR/build.sh with ThreadSanitizer.",
        footer = {"", Main.EXIT_CODES_HELP, "Then: sh DIR/build.sh && DIR/reproducer"})
final class ReproduceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Directory to write the reproducer into.")
    Path output;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "CPU time the check may use (default: 10 s).")
    Long timeoutSeconds;

    @Option(names = {"-q", "--quiet"}, description = "No progress display on stderr.")
    boolean quiet;

    private final Streams io;

    ReproduceCommand(Streams io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        CliOptions c = common.toOptions();
        if (c.compileCommands() == null ? c.files().size() != 1 : !c.files().isEmpty()) {
            throw new ParameterException(spec.commandLine(), "give exactly one program FILE or --compile-commands");
        }
        if (timeoutSeconds != null && timeoutSeconds <= 0) {
            throw new ParameterException(spec.commandLine(), "--timeout must be a positive number of seconds");
        }
        CheckCommand.Options o = new CheckCommand.Options(c, false, null,
                timeoutSeconds == null ? null : Duration.ofSeconds(timeoutSeconds), true, CheckCommand.Format.TEXT, false, null,
                null, quiet, CheckCommand.ColorMode.AUTO, true, 0, false, 0, null, true, output);
        return new CheckCommand(io).check(o);
    }
}
