package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedFile;
import java.io.File;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Generates JUnit 5 tests for the generated kernels and operator API (the specs' worked examples and
 * property tests) into the test sources, and adds the output directory to the test compile source roots.
 * Use it with the same selection as {@code generate}. The tests need JUnit Jupiter on the test class path,
 * and the property tests the hand-written scalar reference in {@code io.github.argonnx.reference}.
 */
@Mojo(name = "generate-tests", defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES, threadSafe = true)
public class GenerateTestsMojo extends AbstractGenerateMojo {

    /**
     * Where generated test sources go; added to the project's test compile source roots. Files an earlier
     * run wrote and this one does not are deleted; other files are left alone. It also holds
     * {@code .argonnx-generate-tests.state}, the fingerprint and manifest of the last run.
     */
    @Parameter(property = "argonnx.testOutputDirectory",
            defaultValue = "${project.build.directory}/generated-test-sources/argonnx")
    private File testOutputDirectory;

    /**
     * Whether to generate tests. Off: the goal generates nothing and removes the tests an earlier run
     * generated (unlike {@code skip}, which leaves everything as it is).
     */
    @Parameter(property = "argonnx.emitTests", defaultValue = "true")
    private String emitTests;

    /**
     * Maven's switch for not compiling tests: generating them would be wasted work, so the goal skips too.
     * Read as the compiler and Surefire plugins read it (any text but {@code true} is {@code false}), so that
     * this goal never disagrees with them about whether tests are compiled.
     */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean skipTestCompilation;

    @Override
    protected String goal() {
        return "generate-tests";
    }

    @Override
    protected File outputDirectory() {
        return testOutputDirectory;
    }

    @Override
    protected Map<String, String> flags() {
        return Map.of("emitTests", emitTests);
    }

    @Override
    protected Map<GeneratedFile.Kind, Path> outputRoots() throws InvalidConfigurationException {
        Map<GeneratedFile.Kind, Path> roots = new EnumMap<>(GeneratedFile.Kind.class);
        if (flag("emitTests", emitTests)) {
            roots.put(GeneratedFile.Kind.TEST_SOURCE, testOutputDirectory.toPath());
        }
        return roots;
    }

    @Override
    protected Map<GeneratedFile.Kind, Path> ownedRoots() {
        return Map.of(GeneratedFile.Kind.TEST_SOURCE, testOutputDirectory.toPath());
    }

    @Override
    protected Optional<String> skipReason() throws InvalidConfigurationException {
        if (!flag("skip", skip) && skipTestCompilation) {
            return Optional.of("maven.test.skip=true");
        }
        return super.skipReason();
    }

    @Override
    protected void registerSourceRoot(String directory) {
        project.addTestCompileSourceRoot(directory);
    }
}
