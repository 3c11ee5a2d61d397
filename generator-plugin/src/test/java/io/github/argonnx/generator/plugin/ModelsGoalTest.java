package io.github.argonnx.generator.plugin;

import static io.github.argonnx.onnx.testing.OnnxWriter.FLOAT;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT64;
import static io.github.argonnx.onnx.testing.OnnxWriter.graph;
import static io.github.argonnx.onnx.testing.OnnxWriter.model;
import static io.github.argonnx.onnx.testing.OnnxWriter.names;
import static io.github.argonnx.onnx.testing.OnnxWriter.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generate goal driven by {@code <models>}, over the published specs. */
class ModelsGoalTest {

    @TempDir
    Path basedir;

    private final List<String> info = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    private GenerateMojo generate(List<String> models) throws Exception {
        MavenProject project = new MavenProject();
        project.setFile(basedir.resolve("pom.xml").toFile());
        GenerateMojo mojo = new GenerateMojo();
        set(mojo, "project", project);
        set(mojo, "packageName", "com.example.onnx");
        set(mojo, "generatedAnnotation", "javax");
        set(mojo, "emitVectorLoops", "false");
        set(mojo, "compileVectorLoops", "false");
        set(mojo, "outputDirectory", basedir.resolve("target/generated-sources/argonnx").toFile());
        set(mojo, "docsDirectory", basedir.resolve("target/generated-docs/argonnx").toFile());
        set(mojo, "modelRequirementsFile", basedir.resolve("target/argonnx/model-requirements.txt").toFile());
        set(mojo, "models", models);
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                info.add(content.toString());
            }

            @Override
            public void warn(CharSequence content) {
                warnings.add(content.toString());
            }

            @Override
            public void debug(CharSequence content) {}
        });
        return mojo;
    }

    private static void set(Object mojo, String field, Object value) throws Exception {
        for (Class<?> c = mojo.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(field);
                f.setAccessible(true);
                f.set(mojo, value);
                return;
            } catch (NoSuchFieldException e) {
                // declared further up
            }
        }
        throw new NoSuchFieldException(field);
    }

    private Path modelFile(String relative, String op, long opset, int type, String name) throws Exception {
        Path file = basedir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.write(file, model().opset("", opset).graph(graph("g").input("x", type, 2)
                .node(node(op, name, names("x"), names("y")))).toBytes());
        return file;
    }

    @Test
    void generatesExactlyWhatTheModelsInADirectoryNeedAndWritesTheRequirements() throws Exception {
        modelFile("models/a.onnx", "ArgMax", 13, FLOAT, "first");
        modelFile("models/deeper/b.onnx", "ArgMax", 17, FLOAT, "second");
        Files.writeString(basedir.resolve("models/readme.txt"), "not a model, not read");
        generate(List.of("models")).execute();

        Path kernels = basedir.resolve("target/generated-sources/argonnx/com/example/onnx/internal/kernels");
        try (var files = Files.list(kernels)) {
            assertEquals(List.of("ArgMaxFloatKernel.java"), files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith("Kernel.java")).sorted().toList());
        }
        String requirements = Files.readString(basedir.resolve("target/argonnx/model-requirements.txt"));
        assertTrue(requirements.contains("models/deeper/b.onnx: ArgMax 'second' (node 0) in main graph: ArgMax-13"
                + " (ai.onnx opset 17), input float from graph input 'x'\n"), requirements);
        assertTrue(requirements.endsWith("needed by the models: ArgMax versions 13; types float\n"
                + "generated: ArgMax versions 13; types float\n"), requirements);
        assertTrue(info.get(0).startsWith("ArgONNX: 2 models need ArgMax versions 13; types float (derived per node in"),
                info.get(0));
        assertEquals(List.of(), warnings);

        generate(List.of("models")).execute();
        assertTrue(info.get(info.size() - 1).startsWith("ArgONNX: up to date"), info.toString());
    }

    @Test
    void aModelWithArgMaxOverFloatAndTopKOverInt64GeneratesEachOperatorOnlyForItsType() throws Exception {
        Path file = basedir.resolve("mixed.onnx");
        Files.write(file, model().opset("", 13).graph(graph("g").input("x", FLOAT, 2).input("i", INT64, 2)
                .input("k", INT64, 1)
                .node(node("ArgMax", "am", names("x"), names("y")))
                .node(node("TopK", "top", names("i", "k"), names("v", "j")))).toBytes());
        generate(List.of("mixed.onnx")).execute();
        Path kernels = basedir.resolve("target/generated-sources/argonnx/com/example/onnx/internal/kernels");
        try (var files = Files.list(kernels)) {
            assertEquals(List.of("ArgMaxFloatKernel.java", "TopKInt64Kernel.java"), files.map(p -> p.getFileName()
                    .toString()).filter(n -> n.endsWith("Kernel.java")).sorted().toList());
        }
        assertTrue(info.get(0).startsWith("ArgONNX: 1 model needs ArgMax versions 13; types float | TopK versions 11;"
                + " types int64"), info.get(0));
    }

    @Test
    void aNodeTheRuntimeWouldRefuseFailsTheBuildWithoutGenerating() throws Exception {
        Path file = basedir.resolve("bad.onnx");
        Files.write(file, model().opset("", 11).graph(graph("g").input("x", FLOAT, 2)
                .node(node("ArgMax", "am", names("x"), names("y")).attr("select_last_index", 1))).toBytes());
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> generate(List.of("bad.onnx")).execute());
        assertEquals("ArgONNX: <models>: 1 node or file the runtime would refuse:\n  bad.onnx: ArgMax 'am' (node 0) in"
                + " main graph: attribute 'select_last_index' (= 1) is not in ArgMax-11 (its attributes: axis, keepdims)",
                e.getMessage());
        assertEquals(null, e.getCause(), "a user error needs no stack trace");
        assertFalse(Files.exists(basedir.resolve("target/generated-sources")));
        assertTrue(Files.readString(basedir.resolve("target/argonnx/model-requirements.txt"))
                .contains("bad.onnx: ArgMax 'am' (node 0) in main graph: REFUSED: attribute 'select_last_index'"));
    }

    @Test
    void aTopKWhoseKExceedsItsAxisFailsTheBuildNamingTheNodeAndAttribute() throws Exception {
        Path file = basedir.resolve("topk.onnx");
        Files.write(file, model().opset("", 9).graph(graph("g").inputShape("x", FLOAT, "batch", "5")
                .node(node("TopK", "top", names("x"), names("v", "i")).attr("k", 7).attr("axis", -1))).toBytes());
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> generate(List.of("topk.onnx")).execute());
        assertEquals("ArgONNX: <models>: 1 node or file the runtime would refuse:\n  topk.onnx: TopK 'top' (node 0) in"
                + " main graph: attribute 'k' is 7; TopK-1 allows 0 to 5 as 'X' has 5 elements along axis -1 (from graph"
                + " input 'x')", e.getMessage());
        assertFalse(Files.exists(basedir.resolve("target/generated-sources")));
    }

    @Test
    void aMissingPathAndModelsWithNothingToGenerateAreRefused() throws Exception {
        MojoFailureException missing = assertThrows(MojoFailureException.class,
                () -> generate(List.of("nowhere.onnx")).execute());
        assertTrue(missing.getMessage().contains("<models> (property argonnx.models): 'nowhere.onnx' does not exist"),
                missing.getMessage());
        Path relu = modelFile("relu.onnx", "Relu", 13, FLOAT, "r");
        MojoFailureException nothing = assertThrows(MojoFailureException.class,
                () -> generate(List.of(relu.toString())).execute());
        assertTrue(nothing.getMessage().startsWith("ArgONNX: <models>: the model holds no node of an operator this plugin"
                + " generates"), nothing.getMessage());
    }
}
