package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.benchmarks.BenchmarkReport.Measurement;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tables: ratios of times from the same run, n/a where a contender did not run. */
class ResultTableTest {

    private static String cell(String markdown, String rowStart, String header) {
        for (String table : markdown.split("\n\n")) {
            List<String> lines = List.of(table.split("\n"));
            List<String> headers = List.of(lines.get(0).split(" \\| "));
            int column = headers.indexOf(header);
            if (column < 0) {
                continue;
            }
            for (String line : lines) {
                if (line.startsWith("| " + rowStart)) {
                    return line.split(" \\| ")[column].replace(" |", "").strip();
                }
            }
        }
        throw new AssertionError(header + " / " + rowStart + " not in " + markdown);
    }

    @Test
    void ratiosDivideTimesOfTheSameCaseAndOperatorAndMissingContendersAreNotAvailable() {
        BenchCase c = BenchCase.named("UINT16_OUTER_NO_EXTREME");
        Map<String, Measurement> results = new HashMap<>();
        results.put(ResultTable.key(BenchmarkReport.SIMD_ONE_THREAD, c.name(), Operator.ArgMax), new Measurement(3, 900));
        results.put(ResultTable.key(BenchmarkReport.READ_FLOOR, c.name(), null), new Measurement(2, 0));
        results.put(ResultTable.key(BenchmarkReport.SIMD_HALVES, c.name(), Operator.ArgMax), new Measurement(1.8, 0));
        results.put(ResultTable.key(BenchmarkReport.PLAIN_LOOP, SmallCase.INT64_8x8_AXIS0.name(), Operator.ArgMax),
                new Measurement(40, 0));
        results.put(ResultTable.key(BenchmarkReport.ARGONNX, SmallCase.INT64_8x8_AXIS0.name(), Operator.ArgMax),
                new Measurement(50, 64));
        String markdown = new ResultTable(List.of(c), EnumSet.of(SmallCase.INT64_8x8_AXIS0), EnumSet.of(Operator.ArgMax),
                results).markdown();
        String row = "ArgMax uint16 [4096,4096] axis 0, NO_EXTREME";
        assertEquals("1.50x", cell(markdown, row, "ArgONNX+SIMD 1 thread / read floor"));
        assertEquals("n/a", cell(markdown, row, "ORT 1 thread / ArgONNX+SIMD 1 thread"));
        assertEquals("3.00", cell(markdown, row, "ArgONNX+SIMD 1 thread"));
        assertEquals("0.60x", cell(markdown, row, "ArgONNX+SIMD 2 halves at once / ArgONNX+SIMD 1 thread"));
        assertEquals("n/a", cell(markdown, row, "ArgONNX 2 halves at once / ArgONNX 1 thread"));
        String small = "ArgMax int64 [8,8] axis 0";
        assertEquals("1.25x", cell(markdown, small, "ArgONNX / plain loop"));
        assertEquals("64", cell(markdown, small, "ArgONNX B/call"));
        assertTrue(markdown.contains("| small tensor into a caller's long[] (ns/call) |"), markdown);
    }
}
