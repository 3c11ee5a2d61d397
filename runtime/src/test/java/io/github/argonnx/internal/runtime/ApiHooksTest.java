package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.PartialSignature;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

class ApiHooksTest {

    @Test
    void theApiPackageInstallsTheAccessOnFirstUse() {
        assertNotNull(ApiHooks.access());
    }

    @Test
    void noOtherAccessCanBeInstalled() {
        ApiHooks.Access existing = ApiHooks.access();
        ApiHooks.Access impostor = (ApiHooks.Access) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ApiHooks.Access.class}, (proxy, method, args) -> null);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> ApiHooks.install(impostor));
        assertEquals("ApiHooks.install is for io.github.argonnx.runtime alone, once", refused.getMessage());
        assertThrows(IllegalStateException.class, () -> ApiHooks.install(existing));
    }

    @Test
    void generatedCodeFeedsAnAccumulatorThroughTheHooks() {
        ValidatedCall call = new ValidatedCall(new long[] {3, 2}, 0, true, false);
        PartialSignature signature = ApiHooks.signature("ArgMax", 13, true, INT64, call);
        ArgAccumulator accumulator = new ArgAccumulator(signature);
        ApiHooks.add(accumulator, 2, 0, columnWinners(new long[][] {{5, 1}, {7, 0}}));
        ApiHooks.add(accumulator, 1, 2, columnWinners(new long[][] {{6, 9}}));
        assertArrayEquals(new long[] {1, 2}, accumulator.finish().indices());
        assertArrayEquals(new long[] {1, 2}, accumulator.finish().shape());
    }

    /** The first largest row of each column, as a kernel over axis 0 finds it. */
    private static ChunkWinners columnWinners(long[][] rows) {
        return (localIndices, orderKeys) -> {
            for (int c = 0; c < rows[0].length; c++) {
                int best = 0;
                for (int r = 1; r < rows.length; r++) {
                    best = rows[r][c] > rows[best][c] ? r : best;
                }
                localIndices[c] = best;
                orderKeys[c] = rows[best][c];
            }
        };
    }

    private static final ElementKeys INT64 = new ElementKeys() {
        @Override
        public String onnxName() {
            return "int64";
        }

        @Override
        public int tensorProtoCode() {
            return 7;
        }

        @Override
        public int byteWidth() {
            return 8;
        }

        @Override
        public boolean hasNaN() {
            return false;
        }

        @Override
        public long orderKey(long bits) {
            return bits;
        }

        @Override
        public long bits(long orderKey) {
            return orderKey;
        }
    };
}
