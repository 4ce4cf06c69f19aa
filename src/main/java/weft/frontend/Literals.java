package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Variable;

/** Integer, character, floating and string literals. A string literal is a static char array object. */
final class Literals {
    private Literals() {}

    static Expr lower(IASTLiteralExpression lit, ExprLowerer exprs, UnitContext ctx, Body body, SourceLoc loc) {
        String text = new String(lit.getValue());
        TypeTranslator types = ctx.types;
        switch (lit.getKind()) {
            case IASTLiteralExpression.lk_integer_constant -> {
                long v = parseInteger(text);
                return new Expr.IntConst(v, integerType(text, v, types));
            }
            case IASTLiteralExpression.lk_char_constant -> {
                Long v = ConstEval.eval(lit);
                long c = v == null ? 0 : v;
                // A plain character constant has type int with the value of a (signed, on x86) char.
                if (text.startsWith("'") && c > 127 && c < 256) c -= 256;
                return new Expr.IntConst(c, types.intType());
            }
            case IASTLiteralExpression.lk_float_constant -> {
                double d;
                boolean parsed = true;
                String number = withoutSuffix(text, "fFlL");
                CType type = exprs.typeOf(lit);
                boolean single = type.unqualified() instanceof CType.Float f && f.size() == 4;
                try {
                    // a float literal rounded once, to a float (as the compiler does): through a double it could round
                    // twice and land on the other neighbour
                    d = single ? Float.parseFloat(number) : Double.parseDouble(number);
                } catch (NumberFormatException e) {
                    d = 0;
                    parsed = false;
                }
                boolean hex = number.startsWith("0x") || number.startsWith("0X");
                // a long double's number is held only when a double holds it exactly (the interpreter's numbers)
                boolean exact = parsed && (!weft.ir.FloatText.extended(type)
                        || weft.ir.FloatText.holds(d, weft.ir.FloatText.exact(hex ? number.substring(2) : number, hex)));
                return new Expr.FloatConst(d, type, exact);
            }
            case IASTLiteralExpression.lk_true -> {
                return new Expr.IntConst(1, types.intType());
            }
            case IASTLiteralExpression.lk_false, IASTLiteralExpression.lk_nullptr -> {
                return new Expr.IntConst(0, types.intType());
            }
            case IASTLiteralExpression.lk_string_literal -> {
                Variable s = stringObject(text, ctx, loc);
                return new Expr.AddrOf(new Lvalue.Index(new Lvalue.Var(s), new Expr.IntConst(0, types.intType()),
                        types.charType()), types.pointerTo(types.charType()));
            }
            default -> {
                return new Expr.IntConst(0, types.intType());
            }
        }
    }

    static Variable stringObject(String text, UnitContext ctx, SourceLoc loc) {
        int len = stringLength(text);
        CType t = new CType.Array(ctx.types.charType(), len + 1);
        String name = text.length() > 24 ? text.substring(0, 22) + "..\"" : text;
        Variable v = ctx.program.newVariable(name, t, Variable.Kind.STRING, null, false, loc);
        ctx.program.stringText(v, text);
        return v;
    }

    /** Number of characters of a (possibly concatenated, escaped) string literal's text. */
    static int stringLength(String text) {
        int n = 0;
        boolean in = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                in = !in;
                continue;
            }
            if (!in) continue;
            if (c == '\\' && i + 1 < text.length()) {
                char d = text.charAt(++i);
                if (d == 'x') {
                    while (i + 1 < text.length() && Character.digit(text.charAt(i + 1), 16) >= 0) i++;
                } else if (d >= '0' && d <= '7') {
                    int k = 0;
                    while (k < 2 && i + 1 < text.length() && text.charAt(i + 1) >= '0' && text.charAt(i + 1) <= '7') {
                        i++;
                        k++;
                    }
                }
            }
            n++;
        }
        return n;
    }

    /**
     * The type of an integer constant (C11 6.4.4.1p5): the first of int, long, long long (and, for
     * octal/hex constants or with a {@code u} suffix, their unsigned versions) that holds the value.
     */
    static CType.Int integerType(String text, long value, TypeTranslator types) {
        String t = text.toLowerCase();
        boolean unsignedSuffix = t.contains("u");
        int longs = t.endsWith("ll") || t.endsWith("llu") || t.endsWith("ull") ? 2 : t.replace("u", "").endsWith("l") ? 1 : 0;
        boolean decimal = !(t.startsWith("0") && t.length() > 1 && !t.startsWith("0u") && !t.startsWith("0l"));
        long longSize = types.dataModel().longSize;
        long[] sizes = {4, longSize, 8};
        String[] names = {"int", "long", "long long"};
        for (int k = longs; k < 3; k++) {
            int bits = (int) sizes[k] * 8;
            boolean fitsSigned = bits == 64 ? value >= 0 : value >= 0 && value < (1L << (bits - 1));
            boolean fitsUnsigned = bits == 64 || (value >= 0 && value < (1L << bits));
            if (!unsignedSuffix && fitsSigned) return new CType.Int(names[k], sizes[k], k == 2 ? types.dataModel().longLongAlign : sizes[k], true);
            if ((unsignedSuffix || !decimal) && fitsUnsigned) return new CType.Int("unsigned " + names[k], sizes[k], k == 2 ? types.dataModel().longLongAlign : sizes[k], false);
        }
        return new CType.Int("unsigned long long", 8, types.dataModel().longLongAlign, false);
    }

    /** {@code text} without its trailing characters from {@code suffix} (a literal's suffix; no regular expression per literal). */
    static String withoutSuffix(String text, String suffix) {
        int end = text.length();
        while (end > 0 && suffix.indexOf(text.charAt(end - 1)) >= 0) end--;
        return text.substring(0, end);
    }

    static long parseInteger(String text) {
        String t = withoutSuffix(text.toLowerCase(), "ul");
        try {
            if (t.startsWith("0x")) return Long.parseUnsignedLong(t.substring(2), 16);
            if (t.startsWith("0b")) return Long.parseUnsignedLong(t.substring(2), 2);
            if (t.length() > 1 && t.startsWith("0")) return Long.parseUnsignedLong(t.substring(1), 8);
            return Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
