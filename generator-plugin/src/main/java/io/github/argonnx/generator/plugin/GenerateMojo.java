package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedFile;
import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/** Generates the ArgMax/ArgMin kernels, validators and operator API into the main sources. */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractGenerateMojo {

    /** Where generated main sources go; added to the compile source roots. */
    @Parameter(property = "argonnx.outputDirectory",
            defaultValue = "${project.build.directory}/generated-sources/argonnx")
    private File outputDirectory;

    @Override
    protected GeneratedFile.Kind kind() {
        return GeneratedFile.Kind.MAIN_SOURCE;
    }

    @Override
    protected File outputDirectory() {
        return outputDirectory;
    }

    @Override
    protected void registerSourceRoot(String directory) {
        project.addCompileSourceRoot(directory);
    }
}
