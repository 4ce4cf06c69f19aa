package weft.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * SV-COMP's score-based quantile plot as SVG: for each run, its correct results sorted by CPU time;
 * the x coordinate of the i-th is the accumulated score of the first i (starting at the total
 * penalty of the incorrect results), the y coordinate its CPU time on a log scale. A line further
 * right scores more; a lower line is faster.
 */
public final class QuantilePlot {
    /** One line of the plot. */
    public record Series(String name, List<TaskResult> results) {}

    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 30;
    private static final int BOTTOM = 50;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e"};

    private QuantilePlot() {
    }

    /** The points (accumulated score, CPU seconds) of a run's line. */
    public static List<double[]> points(List<TaskResult> results) {
        int x = 0;
        for (TaskResult r : results) {
            if (r.category().isIncorrect()) x += r.category().score();
        }
        List<TaskResult> correct = new ArrayList<>(results.stream().filter(r -> r.category().isCorrect()).toList());
        correct.sort(Comparator.comparingDouble(TaskResult::cpuSeconds));
        List<double[]> pts = new ArrayList<>();
        for (TaskResult r : correct) {
            x += r.category().score();
            pts.add(new double[] {x, Math.max(r.cpuSeconds(), 0.01)});
        }
        return pts;
    }

    public static void write(Path file, List<Series> series) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Files.writeString(file, svg(series));
    }

    /** The SVG text. */
    public static String svg(List<Series> series) {
        List<List<double[]>> lines = series.stream().map(s -> points(s.results())).toList();
        double minX = 0;
        double maxX = 1;
        double maxY = 1;
        double minY = 1;
        for (List<double[]> l : lines) {
            for (double[] p : l) {
                minX = Math.min(minX, p[0]);
                maxX = Math.max(maxX, p[0]);
                maxY = Math.max(maxY, p[1]);
                minY = Math.min(minY, p[1]);
            }
        }
        double lo = Math.floor(Math.log10(minY));
        double hi = Math.ceil(Math.log10(maxY));
        if (hi <= lo) hi = lo + 1;
        Scale sx = new Scale(minX, maxX, LEFT, WIDTH - RIGHT, false);
        Scale sy = new Scale(Math.pow(10, lo), Math.pow(10, hi), HEIGHT - BOTTOM, TOP, true);
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                WIDTH, HEIGHT));
        b.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, HEIGHT));
        for (double e = lo; e <= hi; e++) {
            double y = sy.map(Math.pow(10, e));
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n", LEFT, y, WIDTH - RIGHT, y));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT - 6, y + 4, tick(Math.pow(10, e))));
        }
        double step = niceStep(maxX - minX);
        for (double x = Math.ceil(minX / step) * step; x <= maxX; x += step) {
            double px = sx.map(x);
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>%n", px, TOP, px, HEIGHT - BOTTOM));
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>%n", px, HEIGHT - BOTTOM + 16, x == 0 ? 0.0 : x));
        }
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>%n",
                LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM));
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">accumulated score</text>%n",
                (LEFT + WIDTH - RIGHT) / 2, HEIGHT - 12));
        b.append(String.format(Locale.ROOT, "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">CPU time per correct result (s)</text>%n",
                (TOP + HEIGHT - BOTTOM) / 2, (TOP + HEIGHT - BOTTOM) / 2));
        for (int i = 0; i < lines.size(); i++) {
            String colour = COLOURS[i % COLOURS.length];
            StringBuilder pts = new StringBuilder();
            for (double[] p : lines.get(i)) pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", sx.map(p[0]), sy.map(p[1])));
            b.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/>%n", colour,
                    pts.toString().strip()));
            int ly = TOP + 16 + 16 * i;
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>%n",
                    LEFT + 10, ly - 4, LEFT + 30, ly - 4, colour));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s (score %d)</text>%n", LEFT + 36, ly,
                    escape(series.get(i).name()), Summary.of(series.get(i).results()).score()));
        }
        b.append("</svg>\n");
        return b.toString();
    }

    private record Scale(double from, double to, double pxFrom, double pxTo, boolean log) {
        double map(double v) {
            double a = log ? Math.log10(from) : from;
            double z = log ? Math.log10(to) : to;
            double t = ((log ? Math.log10(v) : v) - a) / (z - a);
            return pxFrom + t * (pxTo - pxFrom);
        }
    }

    private static double niceStep(double range) {
        double raw = Math.max(range, 1) / 8;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * mag >= raw) return m * mag;
        }
        return 10 * mag;
    }

    private static String tick(double v) {
        return v >= 1 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%s", v).replaceAll("0+$", "");
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
