package io.github.argonnx.benchmarks;

import io.github.argonnx.benchmarks.ApplicationResults.Floor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * numpy's times from {@code benchmarks/numpy_bench.py}, a separate run on the same data. The file is
 * tab-separated text: comment lines start with {@code #} (the first names the numpy and Python
 * versions), then one line per measurement: {@code CASE<TAB>OP<TAB>MILLISECONDS}, the case a
 * {@link BenchCase} name, the time numpy's fastest or median call, one MILLISECONDS field per
 * repetition. OP is {@code ArgMax}, {@code ArgMin}, or {@code read-VARIANT} for one of numpy's reads of
 * the case's whole input ({@code read-max}, {@code read-max-int8}, {@code read-or-uint64}, ... as the
 * script names them; {@code read-max} and {@code read-or} alone in files of the earlier form), timed
 * before and after the cases of its type; or CASE is a {@link TopKCase} name and OP {@code TopK}.
 */
record NumpyFigures(String versions, Map<String, List<Double>> repetitions) {

    static final String VERSION_PREFIX = "# numpy ";
    /** The OP prefix of a read of the input: {@code read-VARIANT}. */
    static final String READ_PREFIX = "read-";
    /** A variant's name: lower-case words of letters and digits joined by hyphens, bounded. */
    private static final Pattern VARIANT = Pattern.compile("[a-z0-9]+(-[a-z0-9]+){0,3}");
    private static final int VARIANT_LENGTH = 32;
    private static final int SHOWN = 48;

    NumpyFigures {
        repetitions = Map.copyOf(repetitions);
    }

    /** numpy's time in ms, the fastest repetition, or NaN where it has no figure. */
    double millis(BenchCase c, Operator op) {
        return repetitions(c, op.name()).stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    /** The time of every repetition in ms, empty where there is no figure; OP as in the file. */
    List<Double> repetitions(BenchCase c, String op) {
        return repetitions.getOrDefault(c.name() + "\t" + op, List.of());
    }

    /**
     * Every read of the input that the file times on a case (numpy's read floor variants), by variant
     * name in alphabetical order, each with its repetitions in ms.
     */
    List<Floor> floors(BenchCase input) {
        String prefix = input.name() + "\t" + READ_PREFIX;
        return repetitions.entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .map(e -> new Floor(input.type().name(), e.getKey().substring(prefix.length()), e.getValue()))
                .sorted(Comparator.comparing(Floor::variant)).toList();
    }

    /** numpy's TopK recipe on a TopK case: every repetition in ms, empty where there is no figure. */
    List<Double> repetitions(TopKCase c) {
        return repetitions.getOrDefault(c.name() + "\t" + Operator.TopK, List.of());
    }

    /**
     * Reads the script's output.
     *
     * @throws IllegalArgumentException naming the file, the line and what is wrong with it
     */
    static NumpyFigures parse(Path file, List<String> lines) {
        String versions = null;
        Map<String, List<Double>> millis = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            String where = file + ":" + (i + 1) + ": ";
            if (line.startsWith(VERSION_PREFIX) && versions == null) {
                versions = line.substring(2).strip();
            }
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            if (fields.length < 3) {
                throw new IllegalArgumentException(where + "expected CASE<TAB>OP<TAB>MILLISECONDS, found " + fields.length
                        + " field(s)");
            }
            String op = fields[1];
            String name = caseName(where, fields[0], op);
            if (!op.equals("ArgMax") && !op.equals("ArgMin") && !op.equals("TopK") && !isRead(op)) {
                throw new IllegalArgumentException(where + "'" + shown(op) + "' is not an operator (allowed: ArgMax,"
                        + " ArgMin, TopK, read-VARIANT with VARIANT up to " + VARIANT_LENGTH + " characters of a-z,"
                        + " 0-9 and inner hyphens)");
            }
            List<Double> values = new ArrayList<>();
            for (int f = 2; f < fields.length; f++) {
                double value;
                try {
                    value = Double.parseDouble(fields[f]);
                } catch (NumberFormatException e) {
                    value = Double.NaN;
                }
                if (!(value > 0) || Double.isInfinite(value)) {
                    throw new IllegalArgumentException(where + "'" + fields[f] + "' is not a time (allowed: a positive"
                            + " number of milliseconds)");
                }
                values.add(value);
            }
            if (millis.put(name + "\t" + op, List.copyOf(values)) != null) {
                throw new IllegalArgumentException(where + name + " " + op + " appears twice");
            }
        }
        if (versions == null) {
            throw new IllegalArgumentException(file + ": no '" + VERSION_PREFIX + "...' line (is it numpy_bench.py's"
                    + " output?)");
        }
        return new NumpyFigures(versions, millis);
    }

    private static boolean isRead(String op) {
        String variant = op.startsWith(READ_PREFIX) ? op.substring(READ_PREFIX.length()) : "";
        return variant.length() <= VARIANT_LENGTH && VARIANT.matcher(variant).matches();
    }

    /** A field as a message shows it: at most {@value #SHOWN} characters. */
    private static String shown(String field) {
        return field.length() <= SHOWN ? field : field.substring(0, SHOWN) + "...";
    }

    /** A matrix case's name, or a TopK case's on a TopK line. */
    private static String caseName(String where, String field, String op) {
        try {
            return op.equals("TopK") ? TopKCase.valueOf(field).name() : BenchCase.named(field).name();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + "'" + field + "' is not a " + (op.equals("TopK") ? "TopK case"
                    : "case"));
        }
    }

    /** {@code --numpy FILE}: read and checked while the options are parsed. */
    static final class FromFile implements ITypeConverter<NumpyFigures> {
        @Override
        public NumpyFigures convert(String value) {
            try {
                Path file = Path.of(value);
                return parse(file, Files.readAllLines(file, StandardCharsets.UTF_8));
            } catch (InvalidPathException e) {
                throw new TypeConversionException("'" + value + "' is not a valid path: " + e.getReason());
            } catch (NoSuchFileException e) {
                throw new TypeConversionException("'" + value + "' does not exist (allowed: a file written by"
                        + " benchmarks/numpy_bench.py)");
            } catch (IOException e) {
                throw new TypeConversionException("'" + value + "' cannot be read: " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
