package weft.bench;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The BenchExec tool-info module {@code contrib/benchexec/weft.py}: its Python tests (against a stub of
 * BenchExec's API) pass, when {@code python3} is installed; the example benchmark definition is
 * well-formed, names the tool and collects the witness files.
 */
class BenchExecToolInfoTest {
    static final Path DIR = Path.of("contrib/benchexec");

    @Test
    void pythonTestsPass() throws Exception {
        Assumptions.assumeTrue(onPath("python3"), "python3 not installed");
        ProcessBuilder pb = new ProcessBuilder("python3", "-m", "unittest", "-v", "test_weft").directory(DIR.toFile())
                .redirectErrorStream(true);
        pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "python tests hang");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("OK") && out.contains("test_verdicts"), out);
    }

    @Test
    void benchmarkDefinitionIsWellFormed() throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document d = f.newDocumentBuilder().parse(DIR.resolve("weft-nodatarace.xml").toFile());
        assertEquals("benchmark", d.getDocumentElement().getTagName());
        assertEquals("weft", d.getDocumentElement().getAttribute("tool"));
        String prp = d.getElementsByTagName("propertyfile").item(0).getTextContent();
        assertTrue(prp.endsWith("no-data-race.prp"), prp);
        assertEquals("witness.*", d.getElementsByTagName("resultfiles").item(0).getTextContent(), "BenchExec collects the witnesses");
    }

    private static boolean onPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, exe))) return true;
        }
        return false;
    }
}
