package weft.ir;

import java.util.List;

/**
 * A function definition. {@code name} is the C name; {@code linkName} is unique in the program
 * (equal to {@code name} for external linkage, decorated for {@code static} functions of a
 * translation unit so that those of different units stay apart).
 */
public record Function(String name, String linkName, CType.Function type, List<Variable> params,
                       List<Variable> locals, Cfg cfg, boolean isStatic, SourceLoc loc) {
    public Function {
        params = List.copyOf(params);
        locals = List.copyOf(locals);
    }
}
