package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.internal.runtime.JavaSourcesCompiler;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generated code and a runtime of another API level: the first call fails, named, never with a LinkageError. */
class RuntimeVersionTest {

    /**
     * Stands for a generated entry point: the check first, then a call to the runtime that a runtime of
     * another level need not have (here: every class but the two the check uses is missing).
     */
    private static final String GENERATED = """
            package com.example.generated;

            public final class Entry {
                private Entry() {}

                public static long count(long[] shape) {
                    io.github.argonnx.runtime.RuntimeVersion.require(%d, Entry.class);
                    return io.github.argonnx.internal.runtime.Shapes.elementCount("input", shape);
                }
            }
            """;

    @Test
    void theVersionIsTheBuildsAndTheLevelIsPositive() {
        assertTrue(RuntimeVersion.version().matches("\\d+\\.\\d+\\.\\d+.*"), RuntimeVersion.version());
        assertTrue(RuntimeVersion.apiLevel() >= 1);
    }

    @Test
    void codeGeneratedForThisLevelPasses() {
        RuntimeVersion.require(RuntimeVersion.apiLevel(), RuntimeVersionTest.class);
    }

    @Test
    void codeGeneratedForAnotherLevelIsRefusedNamingBoth() {
        int level = RuntimeVersion.apiLevel();
        ArgOnnxException newer = assertThrows(ArgOnnxException.class,
                () -> RuntimeVersion.require(level + 1, RuntimeVersionTest.class));
        assertTrue(newer.getMessage().startsWith(RuntimeVersionTest.class.getName() + " was generated for argonnx-runtime"
                + " API level " + (level + 1) + ", but the argonnx-runtime on the class path is version "
                + RuntimeVersion.version() + " (API level " + level + ", from "), newer.getMessage());
        assertTrue(newer.getMessage().contains("which is older than the generator"), newer.getMessage());
        ArgOnnxException older = assertThrows(ArgOnnxException.class,
                () -> RuntimeVersion.require(level - 1, RuntimeVersionTest.class));
        assertTrue(older.getMessage().contains("which is newer than the generator"), older.getMessage());
    }

    /** An older runtime (lower level, and without the classes the generated code calls next) on the class path. */
    @Test
    void generatedCodeOnAnOlderRuntimeFailsWithTheCheckNotALinkageError(@TempDir Path work) throws Exception {
        Throwable failure = firstCallFailure(work, -1);
        assertEquals("io.github.argonnx.runtime.ArgOnnxException", failure.getClass().getName(), failure.toString());
        int level = RuntimeVersion.apiLevel();
        assertTrue(failure.getMessage().startsWith("com.example.generated.Entry was generated for argonnx-runtime API level "
                + level + ", but the argonnx-runtime on the class path is version unknown (API level " + (level - 1)
                + ", from " + work.resolve("stub/classes").toUri().toURL()), failure.getMessage());
        assertTrue(failure.getMessage().contains("which is older than the generator"), failure.getMessage());
    }

    @Test
    void generatedCodeOnANewerRuntimeFailsWithTheCheckNotALinkageError(@TempDir Path work) throws Exception {
        Throwable failure = firstCallFailure(work, +1);
        assertEquals("io.github.argonnx.runtime.ArgOnnxException", failure.getClass().getName(), failure.toString());
        assertTrue(failure.getMessage().contains("which is newer than the generator"), failure.getMessage());
    }

    /** The control: with equal levels the check passes, and the next call links against the stub, which lacks it. */
    @Test
    void withTheSameLevelTheStubRuntimeFailsOnlyAtTheMissingClass(@TempDir Path work) throws Exception {
        Throwable failure = firstCallFailure(work, 0);
        assertEquals(NoClassDefFoundError.class, failure.getClass(), failure.toString());
        assertTrue(failure.getMessage().contains("io/github/argonnx/internal/runtime/Shapes"), failure.getMessage());
    }

    /**
     * Compiles {@link #GENERATED} against this runtime, for this runtime's level, and runs it with a stub
     * runtime in a parent class loader: this RuntimeVersion with its level moved by {@code runtimeOffset},
     * and ArgOnnxException, nothing else.
     */
    private static Throwable firstCallFailure(Path work, int runtimeOffset) throws Exception {
        int level = RuntimeVersion.apiLevel();
        Path sources = Path.of("src/main/java/io/github/argonnx/runtime");
        String check = Files.readString(sources.resolve("RuntimeVersion.java"), StandardCharsets.UTF_8)
                .replace("API_LEVEL = " + level + ";", "API_LEVEL = " + (level + runtimeOffset) + ";");
        String exception = Files.readString(sources.resolve("ArgOnnxException.java"), StandardCharsets.UTF_8);
        Path stub = JavaSourcesCompiler.compile(Map.of("io.github.argonnx.runtime.RuntimeVersion", check,
                "io.github.argonnx.runtime.ArgOnnxException", exception), JavaSourcesCompiler.runtimeClasses(),
                work.resolve("stub"));
        Path generated = JavaSourcesCompiler.compile(Map.of("com.example.generated.Entry", GENERATED.formatted(level)),
                JavaSourcesCompiler.runtimeClasses(), work.resolve("generated"));
        try (URLClassLoader runtime = new URLClassLoader(new URL[] {stub.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
                URLClassLoader application = new URLClassLoader(new URL[] {generated.toUri().toURL()}, runtime)) {
            Class<?> entry = application.loadClass("com.example.generated.Entry");
            InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
                    () -> entry.getMethod("count", long[].class).invoke(null, (Object) new long[] {2, 3}));
            return thrown.getCause();
        }
    }
}
