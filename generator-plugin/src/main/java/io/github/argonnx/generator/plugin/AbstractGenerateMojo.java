package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedAnnotation;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.Generator;
import io.github.argonnx.generator.loader.SpecLoadException;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.model.OperatorSpec;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** What the main-source and test-source goals share: where specs come from and what to generate. */
abstract class AbstractGenerateMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    /** Directory of {@code *.yaml} operator specs. Unset: the specs published in argonnx-specs. */
    @Parameter(property = "argonnx.specDirectory")
    protected File specDirectory;

    /** Java package of the generated API; kernels and validators go in its sub-packages. */
    @Parameter(property = "argonnx.packageName", defaultValue = "io.github.argonnx")
    protected String packageName;

    /** Skip generation. */
    @Parameter(property = "argonnx.skip", defaultValue = "false")
    protected boolean skip;

    protected abstract GeneratedFile.Kind kind();

    protected abstract File outputDirectory();

    protected abstract void registerSourceRoot(String directory);

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("ArgONNX generation skipped");
            return;
        }
        List<OperatorSpec> specs = loadSpecs();
        GenerationContext context = new GenerationContext(
                specs, packageName, Set.of(), Set.of(), Set.of(), GeneratedAnnotation.JAVAX);
        List<GeneratedFile> files = Generator.standard().generate(context).stream()
                .filter(f -> f.kind() == kind())
                .toList();
        Path root = outputDirectory().toPath();
        try {
            for (GeneratedFile f : files) {
                Path target = root.resolve(f.relativePath());
                Files.createDirectories(target.getParent());
                Files.writeString(target, f.content(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write generated sources to " + root, e);
        }
        registerSourceRoot(root.toString());
        getLog().info("ArgONNX: generated " + files.size() + " files in " + root);
    }

    private List<OperatorSpec> loadSpecs() throws MojoExecutionException, MojoFailureException {
        try {
            return specDirectory == null ? SpecLoader.loadBundled() : SpecLoader.loadDirectory(specDirectory.toPath());
        } catch (SpecLoadException e) {
            throw new MojoFailureException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot read specs from " + specDirectory, e);
        }
    }
}
