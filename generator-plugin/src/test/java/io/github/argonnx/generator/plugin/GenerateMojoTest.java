package io.github.argonnx.generator.plugin;

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

/** The goals as Maven drives them, configured the way Maven injects parameters. */
class GenerateMojoTest {

    @TempDir
    Path basedir;

    private final List<String> infoLines = new ArrayList<>();

    private MavenProject project() {
        MavenProject project = new MavenProject();
        project.setFile(basedir.resolve("pom.xml").toFile());
        return project;
    }

    private GenerateMojo generate(MavenProject project) throws Exception {
        GenerateMojo mojo = new GenerateMojo();
        set(mojo, "project", project);
        set(mojo, "specDirectory", TestSpecs.argMaxDirectory().toFile());
        set(mojo, "packageName", "com.example.onnx");
        set(mojo, "generatedAnnotation", "javax");
        set(mojo, "outputDirectory", basedir.resolve("target/generated-sources/argonnx").toFile());
        set(mojo, "docsDirectory", basedir.resolve("target/generated-docs/argonnx").toFile());
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                infoLines.add(content.toString());
            }

            @Override
            public void debug(CharSequence content) {
                // Maven shows debug lines only with -X.
            }
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

    @Test
    void generatesRegistersTheSourceRootAndIsUpToDateTheSecondTime() throws Exception {
        MavenProject project = project();
        generate(project).execute();
        Path output = basedir.resolve("target/generated-sources/argonnx");

        assertTrue(Files.isRegularFile(output.resolve(".argonnx-generate.state")));
        assertEquals(List.of(output.toString()), project.getCompileSourceRoots());
        assertEquals(1, infoLines.size(), infoLines.toString());
        assertTrue(infoLines.get(0).matches("ArgONNX: \\d+ files? generated \\(\\d+ written, 0 unchanged,"
                + " 0 stale removed\\) in target/generated-sources/argonnx"), infoLines.get(0));

        MavenProject again = project();
        generate(again).execute();
        assertTrue(infoLines.get(1).matches("ArgONNX: up to date \\(\\d+ files?\\) in target/generated-sources/argonnx"),
                infoLines.get(1));
        assertEquals(List.of(output.toString()), again.getCompileSourceRoots(), "registered even when up to date");
    }

    /** The Vector API loops go to a directory of their own, which is not a compile root (they compile apart). */
    @Test
    void vectorLoopsGoToTheirOwnDirectoryOutsideTheCompileRoots() throws Exception {
        MavenProject project = project();
        GenerateMojo mojo = generate(project);
        Path vectorOutput = basedir.resolve("target/generated-sources/argonnx-vector");
        set(mojo, "emitVectorLoops", "true"); // vectorOutputDirectory unset: next to outputDirectory
        mojo.execute();

        Path output = basedir.resolve("target/generated-sources/argonnx");
        assertEquals(List.of(output.toString()), project.getCompileSourceRoots());
        Path floatLoops = vectorOutput.resolve("com/example/onnx/internal/kernels/vector/ArgMaxFloatVectorLoops.java");
        assertTrue(Files.readString(floatLoops).contains("import jdk.incubator.vector.FloatVector;"));
        assertTrue(Files.readString(output.resolve("com/example/onnx/internal/kernels/ArgMaxFloatKernel.java"))
                .contains("\"com.example.onnx.internal.kernels.vector.ArgMaxFloatVectorLoops\""));
        assertFalse(Files.exists(output.resolve("com/example/onnx/internal/kernels/vector")), "no vector source among the main sources");
        assertTrue(infoLines.get(0).endsWith(" in target/generated-sources/argonnx, target/generated-sources/argonnx-vector"),
                infoLines.get(0));

        // Turned off: the files the earlier run wrote there are removed as stale.
        generate(project()).execute();
        assertFalse(Files.exists(floatLoops));
    }

    @Test
    void aChangedConfigurationRegenerates() throws Exception {
        generate(project()).execute();
        GenerateMojo renamed = generate(project());
        set(renamed, "packageName", "com.example.other");
        renamed.execute();
        assertTrue(infoLines.get(1).contains(" generated ("), infoLines.get(1));
    }

    @Test
    void skipRegistersOnlyAnExistingOutputDirectoryAndWritesNothing() throws Exception {
        MavenProject fresh = project();
        GenerateMojo skipped = generate(fresh);
        set(skipped, "skip", "true");
        skipped.execute();
        assertEquals(List.of(), fresh.getCompileSourceRoots());
        assertFalse(Files.exists(basedir.resolve("target")));
        assertEquals("ArgONNX: skipped (argonnx.skip=true)", infoLines.get(0));

        generate(project()).execute();
        MavenProject later = project();
        GenerateMojo skippedLater = generate(later);
        set(skippedLater, "skip", "true");
        skippedLater.execute();
        assertEquals(List.of(basedir.resolve("target/generated-sources/argonnx").toString()),
                later.getCompileSourceRoots());
    }

    @Test
    void testGoalFollowsMavenTestSkip() throws Exception {
        GenerateTestsMojo mojo = new GenerateTestsMojo();
        MavenProject project = project();
        set(mojo, "project", project);
        set(mojo, "testOutputDirectory", basedir.resolve("target/generated-test-sources/argonnx").toFile());
        set(mojo, "skipTestCompilation", true);
        mojo.execute();
        assertEquals(List.of(), project.getTestCompileSourceRoots());
        assertFalse(Files.exists(basedir.resolve("target")));
    }

    @Test
    void badConfigurationFailsTheBuildNamingTheParameter() throws Exception {
        GenerateMojo mojo = generate(project());
        set(mojo, "types", List.of("flaot"));
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertTrue(e.getMessage().contains("<types> (property argonnx.types): 'flaot'"), e.getMessage());
        assertFalse(Files.exists(basedir.resolve("target")), "nothing is written for a bad configuration");
    }

    @Test
    void badSpecFailsTheBuildWithEveryProblemLocated() throws Exception {
        Path specs = Files.createDirectories(basedir.resolve("src/main/argonnx"));
        Files.writeString(specs.resolve("Broken.yaml"), "operator: Broken\ndomain: ai.onnx\nversions: 3\nextra: 1\n");
        GenerateMojo mojo = generate(project());
        set(mojo, "specDirectory", specs.toFile());
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertTrue(e.getMessage().contains("\n  src/main/argonnx/Broken.yaml:3:11: "), e.getMessage());
        assertTrue(e.getMessage().contains("\n  src/main/argonnx/Broken.yaml:4:1: "), e.getMessage());
    }

    @Test
    void pathsOutsideTheProjectAreShownInFull() throws Exception {
        File elsewhere = basedir.resolveSibling(basedir.getFileName() + "-out").toFile();
        GenerateMojo mojo = generate(project());
        set(mojo, "outputDirectory", elsewhere);
        try {
            mojo.execute();
            assertTrue(infoLines.get(0).endsWith(" in " + elsewhere.toPath().toAbsolutePath().normalize()),
                    infoLines.get(0));
        } finally {
            try (var walk = Files.walk(elsewhere.toPath())) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Maven reads any text but "true" as false, so {@code <skip>yes</skip>} would not skip; the goal refuses it. */
    @Test
    void aSkipValueThatIsNotABooleanIsRefused() throws Exception {
        GenerateMojo mojo = generate(project());
        set(mojo, "skip", "yes");
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertTrue(e.getMessage().contains("<skip> (property argonnx.skip): 'yes' is not a boolean; allowed: true or "
                + "false"), e.getMessage());
        assertFalse(Files.exists(basedir.resolve("target")));
    }

    /** Every boolean parameter is read strictly, as skip is; Maven would read "yes" as false. */
    @Test
    void booleanParametersThatAreNotBooleansAreRefusedTogether() throws Exception {
        GenerateMojo mojo = generate(project());
        set(mojo, "emitVectorLoops", "yes");
        set(mojo, "emitDocs", "1");
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertTrue(e.getMessage().contains("<emitVectorLoops> (property argonnx.emitVectorLoops): 'yes' is not a "
                + "boolean; allowed: true or false"), e.getMessage());
        assertTrue(e.getMessage().contains("<emitDocs> (property argonnx.emitDocs): '1' is not a boolean"),
                e.getMessage());
        assertFalse(Files.exists(basedir.resolve("target")), "nothing is written for a bad configuration");
    }

    @Test
    void booleanParametersAcceptAnyCaseAndSurroundingSpace() throws Exception {
        GenerateMojo mojo = generate(project());
        set(mojo, "emitVectorLoops", " FALSE ");
        set(mojo, "emitDocs", "True");
        mojo.execute();
        assertTrue(Files.isDirectory(basedir.resolve("target/generated-docs/argonnx")), "emitDocs=True writes docs");
        assertFalse(Files.exists(basedir.resolve("target/generated-sources/argonnx-vector")),
                "emitVectorLoops=FALSE writes no vector loops");
    }

    @Test
    void aTestGoalBooleanThatIsNotABooleanIsRefused() throws Exception {
        GenerateTestsMojo mojo = new GenerateTestsMojo();
        set(mojo, "project", project());
        set(mojo, "specDirectory", TestSpecs.argMaxDirectory().toFile());
        set(mojo, "packageName", "com.example.onnx");
        set(mojo, "generatedAnnotation", "javax");
        set(mojo, "testOutputDirectory", basedir.resolve("target/generated-test-sources/argonnx").toFile());
        set(mojo, "emitTests", "on");
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertTrue(e.getMessage().contains("<emitTests> (property argonnx.emitTests): 'on' is not a boolean"),
                e.getMessage());
        assertFalse(Files.exists(basedir.resolve("target")));
    }

    /** The vector loops in the main source root do not compile there. */
    @Test
    void anOutputDirectoryThatIsOrHoldsTheVectorDirectoryIsRefused() throws Exception {
        for (String vector : List.of("target/generated-sources/argonnx", "target/generated-sources/argonnx/vector",
                "target")) {
            GenerateMojo mojo = generate(project());
            set(mojo, "vectorOutputDirectory", basedir.resolve(vector).toFile());
            set(mojo, "emitVectorLoops", "true");
            MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute, vector);
            assertTrue(e.getMessage().contains("<outputDirectory> (property argonnx.outputDirectory): "
                    + "'target/generated-sources/argonnx' " + (vector.endsWith("argonnx") ? "is the same as" : "overlaps")
                    + " <vectorOutputDirectory> '" + vector + "'"), e.getMessage());
        }
        assertFalse(Files.exists(basedir.resolve("target")));
    }

    /** Maven replaces an empty {@code <packageName>} by the default; the goal says so instead. */
    @Test
    void anEmptyPackageNameIsRefused() throws Exception {
        org.apache.maven.model.Plugin plugin = new org.apache.maven.model.Plugin();
        org.codehaus.plexus.util.xml.Xpp3Dom configuration = new org.codehaus.plexus.util.xml.Xpp3Dom("configuration");
        configuration.addChild(new org.codehaus.plexus.util.xml.Xpp3Dom("packageName"));
        plugin.setConfiguration(configuration);
        GenerateMojo mojo = generate(project());
        set(mojo, "mojoExecution", new org.apache.maven.plugin.MojoExecution(plugin, "generate", "default-cli"));
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertTrue(e.getMessage().contains("<packageName> (property argonnx.packageName): is given empty"),
                e.getMessage());
    }

    /** The removed parameters {@code <opsets>} and {@code <opset>} are refused, naming both that replace them. */
    @Test
    void theOldOpsetParametersAreRefusedNamingVersionsAndModelOpsets() throws Exception {
        for (String removed : List.of("opsets", "opset")) {
            org.apache.maven.model.Plugin plugin = new org.apache.maven.model.Plugin();
            org.codehaus.plexus.util.xml.Xpp3Dom configuration = new org.codehaus.plexus.util.xml.Xpp3Dom("configuration");
            org.codehaus.plexus.util.xml.Xpp3Dom old = new org.codehaus.plexus.util.xml.Xpp3Dom(removed);
            old.setValue("17");
            configuration.addChild(old);
            plugin.setConfiguration(configuration);
            GenerateMojo mojo = generate(project());
            set(mojo, "mojoExecution", new org.apache.maven.plugin.MojoExecution(plugin, "generate", "default-cli"));
            MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
            assertEquals("ArgONNX: invalid configuration (1 problem):\n  <" + removed + "> (property argonnx." + removed
                    + "): is not a parameter; for operator versions (since_version, such as 13) use <versions> (property"
                    + " argonnx.versions), for a model's opset import (such as 17) use <modelOpsets> (property"
                    + " argonnx.modelOpsets)", e.getMessage());
            assertFalse(Files.exists(basedir.resolve("target/generated-sources/argonnx")));
        }
    }

    @Test
    void theOldOpsetsPropertyIsRefusedToo() throws Exception {
        MavenProject project = project();
        project.getProperties().setProperty("argonnx.opsets", "13");
        MojoFailureException e = assertThrows(MojoFailureException.class, generate(project)::execute);
        assertTrue(e.getMessage().contains("<opsets> (property argonnx.opsets): is not a parameter; for operator"
                + " versions"), e.getMessage());
    }
}
