package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.argonnx.generator.emitters.Emitters;
import io.github.argonnx.generator.loader.SpecLoadException;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.loader.SpecProblem;
import io.github.argonnx.generator.loader.SpecSource;
import io.github.argonnx.generator.loader.SpecText;
import io.github.argonnx.generator.model.OperatorSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded mutations of the real specs (bytes, lines, keys, values, indentation): every mutant either
 * loads, and then generates code (a few of them are compiled), or is refused with {@code file:line:column}
 * problems. Any other exception, from the loader or from the generator after a successful load, is a bug.
 *
 * <p>The base seed changes with every run and is printed on failure; {@code -Dargonnx.fuzz.seed=N} repeats a run
 * and {@code -Dargonnx.fuzz.mutants=N} makes it longer.
 */
class SpecLoaderFuzzTest {

    /** Mutants per run; {@code -Dargonnx.fuzz.mutants=N} runs more. */
    private static final int MUTANTS = Integer.getInteger("argonnx.fuzz.mutants", 500);
    /** Examples kept of each real spec: SnakeYAML needs a tenth of a second for all of ArgMin's. */
    private static final int EXAMPLES = 3;
    /** Generating is much slower than loading: only this many loaded mutants are generated, and fewer compiled. */
    private static final int GENERATED = 25;
    private static final int COMPILED = 2;

    /** Values a mutation may put in place of a scalar: types, edge cases and text that must be escaped. */
    private static final List<String> VALUES = List.of("", "~", "-1", "0", "1", "13", "1.5", "0x1", "010",
            "18446744073709551616", ".nan", "-.inf", "[]", "{}", "[1, 2]", "'x'", "\"\\\\u002a/ x /\\\\u002a\"",
            "C:\\\\users", "yes", "true", "INT", "FLOAT", "axis", "keepdims", "data", "T", "tensor(float)",
            "tensor(int64)", "float", "int64", "ArgMax", "ArgMin", "*/ @x <b>", "&a 1", "*a", "\"\\t\\r\\n\"",
            "\uD83D\uDE00", "\u00e9", "{axis_of: data}", "{allowed_values: [0, 1]}");

    @TempDir
    Path dir;

    @Test
    void everyMutantLoadsAndGeneratesOrIsRefusedWithALocation() throws Exception {
        long seed = Long.getLong("argonnx.fuzz.seed", new Random().nextLong());
        Path operators = CompiledKernels.repoRoot().resolve("specs/operators");
        List<SpecSource> originals = new ArrayList<>();
        try (var files = Files.list(operators)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                originals.add(new SpecSource(f.getFileName().toString(), trimmed(Files.readString(f))));
            }
        }
        Random random = new Random(seed);
        List<GeneratedFile> toCompile = new ArrayList<>();
        int loaded = 0;
        int sampled = 0;
        for (int i = 0; i < MUTANTS; i++) {
            SpecSource original = originals.get(random.nextInt(originals.size()));
            byte[] mutant = mutate(original.content(), random);
            String what = "mutant " + i + " of " + original.displayName() + " (-Dargonnx.fuzz.seed=" + seed + ")";
            try {
                List<OperatorSpec> ops = SpecLoader.load(List.of(SpecText.decode(original.displayName(), mutant)));
                if (ops.stream().noneMatch(GenerationContext::generated)) {
                    continue; // of no generated family: the plugin refuses it by name
                }
                if (++loaded > GENERATED || Arrays.equals(mutant, original.content().getBytes(StandardCharsets.UTF_8))) {
                    continue;
                }
                List<GeneratedFile> files = Emitters.standard().generate(EmitFixtures.everything(ops, "fuzz.m" + i));
                if (sampled < COMPILED) {
                    sampled++;
                    files.stream().filter(f -> f.kind() == GeneratedFile.Kind.MAIN_SOURCE).forEach(toCompile::add);
                }
            } catch (SpecLoadException e) {
                for (SpecProblem p : e.problems()) {
                    assertTrue(p.location() != null && p.location().file().equals(original.displayName())
                            && p.location().line() >= 1 && p.location().column() >= 1, what + ": " + p);
                }
            } catch (RuntimeException | StackOverflowError e) {
                fail(what + " threw " + e + "\n--- mutant ---\n" + new String(mutant, StandardCharsets.UTF_8), e);
            }
        }
        if (!toCompile.isEmpty()) {
            try {
                CompiledKernels.compile(toCompile, dir);
            } catch (AssertionError e) {
                throw new AssertionError("a loaded mutant does not compile (-Dargonnx.fuzz.seed=" + seed + ")", e);
            }
        }
    }

    /** A real spec without its comments and with only its first {@link #EXAMPLES} examples. */
    private static String trimmed(String spec) {
        StringBuilder kept = new StringBuilder();
        int examples = 0;
        boolean inExamples = false;
        for (String line : spec.split("\n")) {
            if (line.strip().startsWith("#")) {
                continue;
            }
            if (!line.startsWith(" ") && !line.startsWith("-")) {
                inExamples = line.startsWith("examples:");
            } else if (inExamples && line.startsWith("  - ")) {
                examples++;
            }
            if (!inExamples || examples <= EXAMPLES) {
                kept.append(line).append('\n');
            }
        }
        return kept.toString();
    }

    /** One to three random edits of a spec's text, as bytes (a byte edit may leave it not UTF-8). */
    private static byte[] mutate(String text, Random random) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int edits = 1 + random.nextInt(3);
        byte[] bytes = null;
        for (int e = 0; e < edits; e++) {
            int at = random.nextInt(lines.size());
            String line = lines.get(at);
            switch (random.nextInt(8)) {
                case 0 -> lines.remove(at);
                case 1 -> lines.add(at, line);
                case 2 -> {
                    int other = random.nextInt(lines.size());
                    lines.set(at, lines.get(other));
                    lines.set(other, line);
                }
                case 3 -> lines.set(at, random.nextBoolean() ? " ".repeat(1 + random.nextInt(4)) + line
                        : line.replaceFirst("^ {1,4}", ""));
                case 4 -> lines.set(at, line.replaceFirst("[A-Za-z_]+(?=:)", randomKey(lines, random)));
                case 5 -> lines.set(at, line.replaceFirst(":\\s+[^#]*$", ": " + VALUES.get(random.nextInt(VALUES.size()))));
                case 6 -> {
                    int col = line.isEmpty() ? 0 : random.nextInt(line.length() + 1);
                    String value = VALUES.get(random.nextInt(VALUES.size()));
                    lines.set(at, line.substring(0, col) + value + line.substring(col));
                }
                default -> bytes = new byte[0];
            }
            if (lines.isEmpty()) {
                lines.add("");
            }
        }
        byte[] result = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
        if (bytes != null && result.length > 0) {
            result[random.nextInt(result.length)] = (byte) random.nextInt(256);
        }
        return result;
    }

    private static String randomKey(List<String> lines, Random random) {
        for (int tries = 0; tries < 10; tries++) {
            var m = java.util.regex.Pattern.compile("([A-Za-z_]+):").matcher(lines.get(random.nextInt(lines.size())));
            if (m.find()) {
                return m.group(1);
            }
        }
        return "unknown_key";
    }
}
