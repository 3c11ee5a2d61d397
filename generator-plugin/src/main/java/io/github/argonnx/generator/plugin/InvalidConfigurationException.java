package io.github.argonnx.generator.plugin;

import java.util.List;

/** Every problem with the plugin's configuration, each naming the parameter, its value and what is allowed. */
final class InvalidConfigurationException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient List<String> problems;

    InvalidConfigurationException(List<String> problems) {
        super(message(problems));
        this.problems = List.copyOf(problems);
    }

    List<String> problems() {
        return problems;
    }

    private static String message(List<String> problems) {
        StringBuilder text = new StringBuilder("ArgONNX: invalid configuration (")
                .append(problems.size()).append(problems.size() == 1 ? " problem):" : " problems):");
        for (String p : problems) {
            text.append("\n  ").append(p);
        }
        return text.toString();
    }

    /** Collects problems; {@link #throwIfAny()} reports them together. */
    static final class Collector {

        private final List<String> problems = new java.util.ArrayList<>();

        /**
         * Records that a parameter has a value it must not have.
         *
         * @param parameter the parameter's name in the POM, for example {@code types}
         * @param value the offending value as the user wrote it
         * @param problem what is wrong with it
         * @param allowed what the parameter accepts
         */
        void add(String parameter, String value, String problem, String allowed) {
            record(describe(parameter) + ": '" + value + "' " + problem + "; allowed: " + allowed);
        }

        /** Records a problem with a parameter as a whole rather than one of its values. */
        void add(String parameter, String problem) {
            record(describe(parameter) + ": " + problem);
        }

        /** Once each: the plugin's and the execution's configuration may both show the same mistake. */
        private void record(String problem) {
            if (!problems.contains(problem)) {
                problems.add(problem);
            }
        }

        boolean isEmpty() {
            return problems.isEmpty();
        }

        void throwIfAny() throws InvalidConfigurationException {
            if (!problems.isEmpty()) {
                throw new InvalidConfigurationException(problems);
            }
        }

        private static String describe(String parameter) {
            return "<" + parameter + "> (property " + AbstractGenerateMojo.PROPERTY_PREFIX + parameter + ")";
        }
    }
}
