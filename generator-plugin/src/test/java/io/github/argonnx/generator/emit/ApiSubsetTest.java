package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emitters.Emitters;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A subset of the real specs (ArgMax, three types, versions 12 and 13), generated, compiled and called:
 * its {@code Tensor} has its own types' factories only, {@code version(n)} names the versions and the
 * {@code forModelOpset} hint, and {@code toString} lists attributes in the ONNX order.
 */
class ApiSubsetTest {

    private static final String BASE = "com.example.argmax";

    private static GenerationContext subset() throws Exception {
        List<OperatorSpec> specs = SpecLoader.loadBundled();
        return new GenerationContext(specs, BASE, Set.of("ArgMax"), Set.of(12, 13),
                Set.of(ElementType.FLOAT, ElementType.INT32, ElementType.INT64), GeneratedAnnotation.JAVAX);
    }

    private static List<GeneratedFile> mainSources(GenerationContext context) {
        return Emitters.standard().generate(context).stream()
                .filter(f -> f.kind() == GeneratedFile.Kind.MAIN_SOURCE).toList();
    }

    private static String tensorSource(GenerationContext context) {
        return Emitters.standard().generate(context).stream()
                .filter(f -> f.relativePath().endsWith("/Tensor.java"))
                .findFirst().orElseThrow().content();
    }

    /** The names of the public static factories {@code of...} a generated Tensor class has. */
    private static Set<String> factories(Class<?> tensor) {
        return Arrays.stream(tensor.getDeclaredMethods())
                .filter(m -> java.lang.reflect.Modifier.isPublic(m.getModifiers()) && m.getName().startsWith("of"))
                .map(Method::getName).collect(Collectors.toCollection(TreeSet::new));
    }

    private static String refusal(Method method, Object... arguments) throws Exception {
        try {
            method.invoke(null, arguments);
        } catch (InvocationTargetException e) {
            assertEquals("io.github.argonnx.runtime.ArgOnnxException", e.getCause().getClass().getName(), e.getCause().toString());
            return e.getCause().getMessage();
        }
        throw new AssertionError(method + " accepted " + Arrays.toString(arguments));
    }

    @Test
    void aThreeTypeSubsetGeneratesOnlyItsOwnTensorFactories() throws Exception {
        String tensor = tensorSource(subset());
        for (String absent : List.of("ofInt8(", "ofUint8(", "ofInt16(", "ofUint16(", "ofUint32(", "ofUint64(", "ofDouble(",
                "ofFloat16(", "ofBfloat16(")) {
            assertFalse(tensor.contains(absent), absent + " in a float/int32/int64 subset");
        }
        assertTrue(tensor.contains("This build reduces float, int32, int64 only"), tensor);
        String full = tensorSource(EmitFixtures.everything(SpecLoader.loadBundled(), BASE));
        for (String present : List.of("ofInt8(", "ofUint64(", "ofBfloat16(", "ofFloat16(", "ofDouble(")) {
            assertTrue(full.contains(present), present + " missing from a full build");
        }
        assertFalse(full.contains("this build has no"), "a full build refuses no type in ofRawData");
    }

    @Test
    void theSubsetCompilesAndBehaves(@TempDir Path work) throws Exception {
        ClassLoader loader = CompiledKernels.compile(mainSources(subset()), work);
        Class<?> tensor = loader.loadClass(BASE + ".Tensor");
        Class<?> dataType = loader.loadClass(BASE + ".DataType");
        Class<?> argMax = loader.loadClass(BASE + ".ArgMax");
        assertEquals(Set.of("ofFloat", "ofInt32", "ofInt64", "ofRawData"), factories(tensor));

        // DataType still names every ONNX type: ofRawData refuses the ones this build has no kernels for.
        Method ofRawData = tensor.getMethod("ofRawData", dataType, ByteBuffer.class, long[].class);
        Object int8 = dataType.getField("INT8").get(null);
        assertEquals("input 'data': this build has no int8 tensors (it reduces float, int32, int64; the plugin's"
                + " <types> selects the types to generate)",
                refusal(ofRawData, int8, ByteBuffer.allocate(2), new long[] {2}));
        Object int32 = dataType.getField("INT32").get(null);
        Object fromBytes = ofRawData.invoke(null, int32, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN), new long[] {2});
        assertTrue(fromBytes.toString().startsWith("Tensor{int32, shape=[2], "), fromBytes.toString());

        Method version = argMax.getMethod("version", int.class);
        assertEquals("ArgMax has no version 17 (versions: 12, 13; each is in force from its opset until the next);"
                + " for a model's opset import use ArgMax.forModelOpset(17), which selects ArgMax-13",
                refusal(version, 17));
        assertEquals("ArgMax has no version 14 (versions: 12, 13; each is in force from its opset until the next);"
                + " for a model's opset import use ArgMax.forModelOpset(14), which selects ArgMax-13",
                refusal(version, 14));
        // A version of the specs that the subset left out is named as such.
        assertEquals("ArgMax-11 is not in this build (versions here: 12, 13; the plugin's <versions> selects them)",
                refusal(version, 11));
        assertEquals("ArgMax-1 is not in this build (versions here: 12, 13; the plugin's <versions> selects them)",
                refusal(version, 1));
        assertEquals("ArgMax has no version 10 (versions: 12, 13; each is in force from its opset until the next);"
                + " for a model's opset import use ArgMax.forModelOpset(10), which selects ArgMax-1 (not in this build)",
                refusal(version, 10));

        // forNode's map in the reverse of the ONNX order, and a setter chain in another: both print in ONNX order.
        Map<String, Long> reversed = new LinkedHashMap<>();
        reversed.put("select_last_index", 1L);
        reversed.put("keepdims", 0L);
        reversed.put("axis", -1L);
        // forNode takes the opset as ONNX stores it, an int64, and names a value past int rather than truncate it.
        Method forNode = argMax.getMethod("forNode", long.class, Map.class);
        Object node = forNode.invoke(null, 17L, reversed);
        assertEquals("ArgMax-13{axis=-1, keepdims=0, select_last_index=1}", node.toString());
        assertEquals("ArgMax: no version is known for opset 4294967309 (known opsets: 1 to 26; the first version of"
                + " ArgMax is ArgMax-1)", refusal(forNode, (1L << 32) + 13, Map.of()));
        assertEquals("ArgMax: no version is known for opset -4294967296 (known opsets: 1 to 26; the first version of"
                + " ArgMax is ArgMax-1)", refusal(forNode, -(1L << 32), Map.of()));
        Object chained = argMax.getMethod("version", int.class).invoke(null, 12);
        chained = argMax.getMethod("selectLastIndex", long.class).invoke(chained, 1L);
        chained = argMax.getMethod("axis", long.class).invoke(chained, 1L);
        assertEquals("ArgMax-12{axis=1, select_last_index=1}", chained.toString());
        assertEquals("ArgMax-13{}", argMax.getMethod("latest").invoke(null).toString());
    }
}
