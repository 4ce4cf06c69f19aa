package weft.cli;

import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Help.Ansi.IStyle;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.IParamLabelRenderer;
import picocli.CommandLine.IHelpFactory;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.List;

/**
 * Help that writes an option's value the way a C programmer writes it: {@code -I DIR} and {@code -D NAME[=VAL]} for
 * the short options (as gcc's manual does), {@code --timeout=SECONDS} for the long ones. Parsing is unchanged: both
 * {@code --timeout=5} and {@code --timeout 5}, {@code -I dir} and {@code -Idir} are accepted.
 */
final class HelpLabels implements IHelpFactory {
    @Override
    public Help create(CommandSpec spec, Help.ColorScheme colors) {
        return new Help(spec, colors) {
            @Override
            public IParamLabelRenderer parameterLabelRenderer() {
                IParamLabelRenderer standard = super.parameterLabelRenderer();
                return new IParamLabelRenderer() {
                    @Override
                    public Text renderParameterLabel(ArgSpec arg, Ansi ansi, List<IStyle> styles) {
                        Text label = standard.renderParameterLabel(arg, ansi, styles);
                        if (!(arg instanceof OptionSpec o) || o.longestName().startsWith("--")) return label;
                        String plain = label.plainString();
                        if (!plain.startsWith(standard.separator())) return label;
                        return ansi.new Text(" " + plain.substring(standard.separator().length()), colors);
                    }

                    /** The separator of the labels of options with no long name: those this renderer writes {@code -I DIR}. */
                    @Override
                    public String separator() {
                        return " ";
                    }
                };
            }
        };
    }
}
