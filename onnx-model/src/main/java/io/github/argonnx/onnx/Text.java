package io.github.argonnx.onnx;

/** Names from a model as messages show them: bounded, with control characters escaped. */
final class Text {

    /** Longest name a message shows whole; longer names are cut and marked. */
    static final int MAX_SHOWN = 64;

    private Text() {}

    static String shown(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length() && out.length() < MAX_SHOWN; i++) {
            char c = name.charAt(i);
            if (Character.isISOControl(c) || c == '\'') {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.length() < MAX_SHOWN || name.length() <= out.length() ? out.toString() : out + "...";
    }

    /** A node as messages name it: {@code Relu 'r1' (node 2)}, or {@code Relu (node 2)} without a name. */
    static String node(String opType, String name, int index) {
        return shown(opType) + (name.isEmpty() ? "" : " '" + shown(name) + "'") + " (node " + index + ")";
    }
}
