package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedFile;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Generates the ArgMax/ArgMin kernels, validators and operator API from the operator specs into the main
 * sources, and adds the output directory to the compile source roots. Also writes the kernels' Vector API
 * loops to a directory of their own, which it does not add to the source roots: it compiles them itself,
 * with the incubator module, into the project's classes. Optionally writes the operator docs. Regenerates
 * only when the specs, the plugin or the configuration change.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.COMPILE)
public class GenerateMojo extends AbstractGenerateMojo {

    /**
     * Where generated main sources go; added to the project's compile source roots. The goal owns this
     * directory's generated files: files an earlier run wrote and this one does not are deleted (files it
     * did not write are left alone). It also holds {@code .argonnx-generate.state}, the fingerprint and manifest of
     * the last run.
     */
    @Parameter(property = "argonnx.outputDirectory",
            defaultValue = "${project.build.directory}/generated-sources/argonnx")
    private File outputDirectory;

    /**
     * Where the kernels' Vector API loops go ({@code <packageName>.internal.kernels.vector}). They use the incubating
     * {@code jdk.incubator.vector}, so this directory is <em>not</em> added to any source root: the goal
     * compiles it itself with {@code --add-modules jdk.incubator.vector} (see {@link #compileVectorLoops}).
     * Kernels load these classes by name, and run their plain Java loops when they are missing. Unset: the
     * output directory's path with {@code -vector} appended ({@code target/generated-sources/argonnx-vector}),
     * so that executions with their own output directories also have their own vector directories.
     */
    @Parameter(property = "argonnx.vectorOutputDirectory")
    private File vectorOutputDirectory;

    /** Whether to write the Vector API loops to {@link #vectorOutputDirectory}. */
    @Parameter(property = "argonnx.emitVectorLoops", defaultValue = "true")
    private String emitVectorLoops;

    /**
     * Whether to compile the Vector API loops, with {@code --release 17 --add-modules jdk.incubator.vector} and
     * the project's compile class path, into {@link #classesDirectory}, right after generating them: so they
     * are in the project's jar without a compiler execution of its own. Off: they are only written (compile
     * them yourself, or the kernels run their plain Java loops). Needs Maven to run on a JDK.
     */
    @Parameter(property = "argonnx.compileVectorLoops", defaultValue = "true")
    private String compileVectorLoops;

    /** Maven's switch for not compiling main sources: the loops are main sources, so they are not compiled either. */
    @Parameter(property = "maven.main.skip", defaultValue = "false")
    private boolean skipMainCompilation;

    /** Where the compiled Vector API loops go: the project's main classes, packaged with the kernels. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true, required = true)
    private File classesDirectory;

    /** Whether to also write the generated operator docs (Markdown) to {@link #docsDirectory}. */
    @Parameter(property = "argonnx.emitDocs", defaultValue = "false")
    private String emitDocs;

    /** Where generated docs go when {@link #emitDocs} is on. Not added to any source or resource root. */
    @Parameter(property = "argonnx.docsDirectory", defaultValue = "${project.build.directory}/generated-docs/argonnx")
    private File docsDirectory;

    /** Refuses, before anything is written, a packageName whose classes a compile dependency already has. */
    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        try {
            if (project != null && packageName != null && skipReason().isEmpty()) {
                DependencyClashes.check(packageName.strip(), project.getArtifacts());
            }
        } catch (InvalidConfigurationException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("ArgONNX: cannot read the project's dependencies: " + e, e);
        }
        super.execute();
        compileLoops();
    }

    /** Compiles the Vector API loops when asked to and out of date; runs on up-to-date builds too (after a clean of the classes). */
    private void compileLoops() throws MojoExecutionException, MojoFailureException {
        try {
            if (skipReason().isPresent() || !flag("compileVectorLoops", compileVectorLoops) || skipMainCompilation
                    || project == null) {
                return;
            }
            // Without emitVectorLoops the directory holds no loops: what an earlier run compiled is removed.
            VectorLoopsCompiler compiler = new VectorLoopsCompiler(vectorOutputDirectory().toPath().toAbsolutePath(),
                    classesDirectory.toPath().toAbsolutePath(), project.getCompileClasspathElements(), getLog());
            int compiled = compiler.compileIfNeeded();
            if (compiled > 0) {
                getLog().info("ArgONNX: " + compiled + " Vector API loop " + (compiled == 1 ? "class" : "classes")
                        + " compiled (--add-modules jdk.incubator.vector) into " + shown(classesDirectory.toPath()));
            }
        } catch (InvalidConfigurationException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (org.apache.maven.artifact.DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("ArgONNX: the compile class path is not resolved: " + e, e);
        } catch (IOException e) {
            throw new MojoExecutionException("ArgONNX: compiling the Vector API loops failed: " + e, e);
        }
    }

    @Override
    protected String goal() {
        return "generate";
    }

    @Override
    protected File outputDirectory() {
        return outputDirectory;
    }

    @Override
    protected Map<String, String> flags() {
        Map<String, String> flags = new java.util.LinkedHashMap<>();
        flags.put("emitVectorLoops", emitVectorLoops);
        flags.put("emitDocs", emitDocs);
        flags.put("compileVectorLoops", compileVectorLoops);
        return flags;
    }

    @Override
    protected Map<GeneratedFile.Kind, Path> outputRoots() throws InvalidConfigurationException {
        Map<GeneratedFile.Kind, Path> roots = new EnumMap<>(GeneratedFile.Kind.class);
        roots.put(GeneratedFile.Kind.MAIN_SOURCE, outputDirectory.toPath());
        if (flag("emitVectorLoops", emitVectorLoops)) {
            roots.put(GeneratedFile.Kind.VECTOR_SOURCE, vectorOutputDirectory().toPath());
        }
        if (flag("emitDocs", emitDocs)) {
            roots.put(GeneratedFile.Kind.DOC, docsDirectory.toPath());
        }
        return roots;
    }

    /** Output directories must be apart: the vector loops compile only with the incubator module, and apart. */
    @Override
    protected void checkConfiguration(InvalidConfigurationException.Collector problems)
            throws InvalidConfigurationException {
        Map<String, Path> directories = new java.util.LinkedHashMap<>();
        directories.put("outputDirectory", outputDirectory.toPath().toAbsolutePath().normalize());
        if (flag("emitVectorLoops", emitVectorLoops)) {
            directories.put("vectorOutputDirectory", vectorOutputDirectory().toPath().toAbsolutePath().normalize());
        }
        if (flag("emitDocs", emitDocs)) {
            directories.put("docsDirectory", docsDirectory.toPath().toAbsolutePath().normalize());
        }
        for (Map.Entry<String, Path> a : directories.entrySet()) {
            for (Map.Entry<String, Path> b : directories.entrySet()) {
                if (a.getKey().compareTo(b.getKey()) < 0 && (a.getValue().startsWith(b.getValue())
                        || b.getValue().startsWith(a.getValue()))) {
                    problems.add(a.getKey(), shown(a.getValue()), (a.getValue().equals(b.getValue()) ? "is the same as"
                            : "overlaps") + " <" + b.getKey() + "> '" + shown(b.getValue()) + "'",
                            "a directory of its own, neither inside nor around the other output directories");
                }
            }
        }
    }

    @Override
    protected Map<GeneratedFile.Kind, Path> ownedRoots() {
        Map<GeneratedFile.Kind, Path> roots = new EnumMap<>(GeneratedFile.Kind.class);
        roots.put(GeneratedFile.Kind.MAIN_SOURCE, outputDirectory.toPath());
        roots.put(GeneratedFile.Kind.VECTOR_SOURCE, vectorOutputDirectory().toPath());
        roots.put(GeneratedFile.Kind.DOC, docsDirectory.toPath());
        return roots;
    }

    /** {@link #vectorOutputDirectory}, or its default next to the output directory. */
    private File vectorOutputDirectory() {
        return vectorOutputDirectory != null ? vectorOutputDirectory
                : new File(outputDirectory.getParentFile(), outputDirectory.getName() + "-vector");
    }

    @Override
    protected void registerSourceRoot(String directory) {
        project.addCompileSourceRoot(directory);
    }
}
