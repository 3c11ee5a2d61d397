package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedFile;
import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/** Generates JUnit 5 tests for the generated kernels into the test sources. */
@Mojo(name = "generate-tests", defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES, threadSafe = true)
public class GenerateTestsMojo extends AbstractGenerateMojo {

    /** Where generated test sources go; added to the test compile source roots. */
    @Parameter(property = "argonnx.testOutputDirectory",
            defaultValue = "${project.build.directory}/generated-test-sources/argonnx")
    private File testOutputDirectory;

    @Override
    protected GeneratedFile.Kind kind() {
        return GeneratedFile.Kind.TEST_SOURCE;
    }

    @Override
    protected File outputDirectory() {
        return testOutputDirectory;
    }

    @Override
    protected void registerSourceRoot(String directory) {
        project.addTestCompileSourceRoot(directory);
    }
}
