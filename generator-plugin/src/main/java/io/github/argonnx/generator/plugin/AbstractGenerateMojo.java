package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emitters.Emitters;
import io.github.argonnx.generator.loader.SpecLoadException;
import io.github.argonnx.generator.model.OperatorSpec;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What the main-source and test-source goals share: where the specs come from, what to generate from
 * them, and how a run decides whether anything needs generating.
 *
 * <p>A run fingerprints the spec texts, the plugin and the configuration. When the fingerprint matches the
 * previous run's and every file that run wrote is still there unchanged, nothing is parsed or written.
 * Otherwise it regenerates, writes only the files whose bytes change and deletes the files the previous
 * run wrote that are no longer generated. Mojos hold no static state: parallel builds may run them at once.
 */
abstract class AbstractGenerateMojo extends AbstractMojo {

    /** Prefix of every user property of this plugin. */
    static final String PROPERTY_PREFIX = "argonnx.";

    /** The project the goal runs in; its source roots receive the generated directories. */
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    /** The running plugin: its version, code and libraries are part of the fingerprint. */
    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    protected PluginDescriptor plugin;

    /**
     * Directory of {@code *.yaml} operator specs to generate from; every {@code *.yaml} file directly in it
     * is read. Unset: the specs published in the {@code argonnx-specs} artifact, which the plugin depends
     * on (declare another version of it as a plugin dependency to generate from other published specs).
     * A spec with errors fails the build with every problem as {@code file:line:column: message}.
     */
    @Parameter(property = "argonnx.specDirectory")
    protected File specDirectory;

    /**
     * Java package of the generated operator API; kernels go in its {@code .internal.kernels} sub-package and
     * validators in {@code .internal.validation}, with directories to match. Must be a valid Java package name.
     * Generated code also uses the hand-written runtime core in {@code io.github.argonnx.runtime}, which is
     * not generated: put {@code argonnx-runtime} on the class path.
     */
    @Parameter(property = "argonnx.packageName", defaultValue = "io.github.argonnx")
    protected String packageName;

    /**
     * Operators to generate, by their spec name in any letter case, for example {@code ArgMax}. Empty:
     * every operator in the specs. As a property: comma-separated, {@code -Dargonnx.operators=ArgMax,ArgMin}.
     */
    @Parameter(property = "argonnx.operators")
    protected List<String> operators;

    /**
     * Operator versions to generate, by number: the {@code since_version} of a version in the specs (ONNX ArgMax
     * and ArgMin have 1, 11, 12 and 13). Each value must be a version of at least one selected operator; a
     * model's opset (such as 17) belongs in {@link #modelOpsets}. Empty, with {@code modelOpsets} empty too:
     * every version. As a property: comma-separated, {@code -Dargonnx.versions=12,13}.
     */
    @Parameter(property = "argonnx.versions")
    protected List<String> versions;

    /**
     * Models' ai.onnx opset imports to generate for, such as {@code 17}: each selects the version of every
     * selected operator in force at that opset (ArgMax-13 at opset 17), in addition to {@link #versions}. Each
     * value must be an opset at which a selected operator has a version, up to the newest opset the specs know
     * ({@code latest_known_opset}). As a property: comma-separated, {@code -Dargonnx.modelOpsets=17}.
     */
    @Parameter(property = "argonnx.modelOpsets")
    protected List<String> modelOpsets;

    /**
     * Element types to generate kernels for, by ONNX name: {@code float}, {@code double}, {@code float16},
     * {@code bfloat16}, {@code int8}, {@code int16}, {@code int32}, {@code int64}, {@code uint8},
     * {@code uint16}, {@code uint32}, {@code uint64}. Each value must be accepted by at least one selected
     * operator version. Empty: every type a selected version accepts. As a property: comma-separated,
     * {@code -Dargonnx.types=float,int64}.
     */
    @Parameter(property = "argonnx.types")
    protected List<String> types;

    /**
     * ONNX models to generate for: {@code .onnx} files, and directories searched recursively for them. For every
     * ArgMax, ArgMin and TopK node of the main graph, of every subgraph and of every local function, the version in
     * force at the model's ai.onnx opset import and the node's input element type are selected for that operator
     * (every type of that version where the model does not tell it). Each operator is generated for its own
     * versions and types; {@link #operators} adds operators, {@link #versions}, {@link #modelOpsets} and
     * {@link #types} add versions and types to every operator the models need. The build fails on a
     * node the runtime would refuse, and on a file that is not a model. Only the graph is read, never the
     * weights. What was derived, per model and node, goes to {@link #modelRequirementsFile}. Relative paths are
     * relative to the project's directory. As a property: comma-separated, {@code -Dargonnx.models=src/main/onnx}.
     */
    @Parameter(property = "argonnx.models")
    protected List<String> models;

    /** Where {@link #models}' requirements are written: per model and node, what was derived and from where. */
    @Parameter(property = "argonnx.modelRequirementsFile",
            defaultValue = "${project.build.directory}/argonnx/model-requirements.txt")
    protected File modelRequirementsFile;

    /**
     * Which {@code @Generated} annotation generated classes carry: {@code javax}
     * ({@code javax.annotation.processing.Generated}, in the JDK), {@code jakarta}
     * ({@code jakarta.annotation.Generated}; the project needs {@code jakarta.annotation-api}) or
     * {@code none} (the header comment still marks each file as generated).
     */
    @Parameter(property = "argonnx.generatedAnnotation", defaultValue = "javax")
    protected String generatedAnnotation;

    /**
     * Skips the goal: nothing is read, generated or deleted. The output directory is still added to the
     * project's source roots if it exists, so that sources generated by an earlier run keep compiling (for
     * example with {@code -Dargonnx.skip} in an offline or IDE build).
     */
    @Parameter(property = "argonnx.skip", defaultValue = "false")
    protected String skip;

    /** The build session: its user properties show a property of a spelling the plugin refuses. */
    @Parameter(defaultValue = "${session}", readonly = true)
    protected org.apache.maven.execution.MavenSession session;

    /** The running execution: its configuration tells an empty parameter from an unset one. */
    @Parameter(defaultValue = "${mojoExecution}", readonly = true)
    protected MojoExecution mojoExecution;

    /** The goal's name, as in {@code argonnx:generate}. */
    protected abstract String goal();

    /** The goal's own output directory: it holds the generated sources and the generation state. */
    protected abstract File outputDirectory();

    /** Where each kind of file this goal generates goes; an empty map generates nothing (and removes earlier output). */
    protected abstract Map<GeneratedFile.Kind, Path> outputRoots() throws InvalidConfigurationException;

    /**
     * The configured directory of every kind this goal can generate, whether this run generates it or not:
     * files an earlier run wrote there are removed once no longer generated. Nothing outside them is touched.
     */
    protected Map<GeneratedFile.Kind, Path> ownedRoots() throws InvalidConfigurationException {
        return outputRoots();
    }

    /** Adds the output directory to the project's compile or test-compile source roots. */
    protected abstract void registerSourceRoot(String directory);

    /** Why this goal skips beyond {@link #skip}, if it does. */
    protected Optional<String> skipReason() throws InvalidConfigurationException {
        return flag("skip", skip) ? Optional.of(PROPERTY_PREFIX + "skip=true") : Optional.empty();
    }

    /**
     * This goal's boolean parameters besides {@link #skip}, by parameter name, as given. They are declared as
     * text and read with the strict {@code flag} parser: all are checked before anything is read or written.
     */
    protected Map<String, String> flags() {
        return Map.of();
    }

    /**
     * A boolean parameter, strictly: Maven converts any text but {@code true} to {@code false}, so that
     * {@code <skip>yes</skip>} would silently not skip. Every boolean parameter of the goals is read here.
     */
    static boolean flag(String parameter, String value) throws InvalidConfigurationException {
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();
        boolean flag = checkFlag(problems, parameter, value);
        problems.throwIfAny();
        return flag;
    }

    /** A boolean parameter's value; {@code false}, with a problem added, for text that is not a boolean. */
    private static boolean checkFlag(InvalidConfigurationException.Collector problems, String parameter, String value) {
        String text = value == null ? "false" : value.strip();
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        problems.add(parameter, text, "is not a boolean", "true or false");
        return false;
    }

    /** Problems Maven's parameter injection hides: a value given empty, which Maven replaces by the default. */
    private void checkExplicitValues(InvalidConfigurationException.Collector problems) {
        if (mojoExecution == null || mojoExecution.getPlugin() == null) {
            return;
        }
        List<Object> configurations = new java.util.ArrayList<>();
        configurations.add(mojoExecution.getPlugin().getConfiguration());
        org.apache.maven.model.PluginExecution execution =
                mojoExecution.getPlugin().getExecutionsAsMap().get(mojoExecution.getExecutionId());
        if (execution != null) {
            configurations.add(execution.getConfiguration());
        }
        for (Object configuration : configurations) {
            if (configuration instanceof org.codehaus.plexus.util.xml.Xpp3Dom dom) {
                // Maven only warns about a parameter the goal lacks, and the build would select every version.
                for (String removed : REMOVED_PARAMETERS) {
                    if (dom.getChild(removed) != null) {
                        problems.add(removed, REMOVED_HINT);
                    }
                }
                org.codehaus.plexus.util.xml.Xpp3Dom given = dom.getChild(Selection.PACKAGE_NAME);
                if (given != null && given.getChildCount() == 0
                        && (given.getValue() == null || given.getValue().isBlank())) {
                    problems.add(Selection.PACKAGE_NAME, "is given empty; give a package name, or leave the "
                            + "parameter out for the default io.github.argonnx");
                }
            }
        }
    }

    /** Parameters of another spelling: "opset" meant both an operator version and a model's opset. */
    static final List<String> REMOVED_PARAMETERS = List.of("opsets", "opset");

    static final String REMOVED_HINT = "is not a parameter; for operator versions (since_version, such as 13) use "
            + "<versions> (property argonnx.versions), for a model's opset import (such as 17) use <modelOpsets> "
            + "(property argonnx.modelOpsets)";

    /** A user property of a refused spelling, which Maven would silently ignore. */
    private void checkRemovedProperties(InvalidConfigurationException.Collector problems) {
        java.util.Properties user = session == null ? null : session.getUserProperties();
        for (String removed : REMOVED_PARAMETERS) {
            String property = PROPERTY_PREFIX + removed;
            if ((user != null && user.containsKey(property))
                    || (project != null && project.getProperties().containsKey(property))) {
                problems.add(removed, REMOVED_HINT);
            }
        }
    }

    /** Configuration problems of this goal's own parameters; none by default. */
    protected void checkConfiguration(InvalidConfigurationException.Collector problems)
            throws InvalidConfigurationException {}

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        Path output = outputDirectory().toPath().toAbsolutePath().normalize();
        Optional<String> skipReason;
        try {
            skipReason = skipReason();
        } catch (InvalidConfigurationException e) {
            throw new MojoFailureException(e.getMessage());
        }
        if (skipReason.isPresent()) {
            boolean exists = Files.isDirectory(output);
            if (exists) {
                registerSourceRoot(output.toString());
            }
            getLog().info("ArgONNX: skipped (" + skipReason.get() + ")"
                    + (exists ? "; " + shown(output) + " from an earlier run stays a source root" : ""));
            return;
        }
        try {
            run(output);
        } catch (InvalidConfigurationException e) {
            // No cause: Maven would print its message a second time, and a user error needs no stack trace.
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("ArgONNX: " + goal() + " failed: " + e, e);
        }
    }

    private void run(Path output) throws InvalidConfigurationException, IOException, MojoFailureException,
            MojoExecutionException {
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();
        checkExplicitValues(problems);
        checkRemovedProperties(problems);
        flags().forEach((parameter, value) -> checkFlag(problems, parameter, value));
        problems.throwIfAny();
        checkConfiguration(problems);
        problems.throwIfAny();
        Selection selection = Selection.parse(packageName, operators, versions, modelOpsets, types,
                generatedAnnotation);
        List<Path> modelFiles = ModelFiles.expand(models, project == null || project.getBasedir() == null
                ? Path.of("") : project.getBasedir().toPath(), this::shown);
        SpecInputs specs = readSpecs();
        List<OperatorSpec> operatorSpecs = null;
        if (!modelFiles.isEmpty()) {
            // The models' requirements come from the specs: they are part of the selection the fingerprint sees.
            operatorSpecs = load(specs);
            Path requirements = (modelRequirementsFile != null ? modelRequirementsFile
                    : new File(outputDirectory(), "model-requirements.txt")).toPath().toAbsolutePath().normalize();
            selection = ModelSelection.apply(selection, modelFiles, operatorSpecs, requirements, getLog(), this::shown);
        }
        GeneratedOutputs outputs = new GeneratedOutputs(output.resolve(GenerationState.fileName(goal())), outputRoots(),
                ownedRoots());

        SortedMap<String, String> inputs = new TreeMap<>();
        inputs.put("goal", goal());
        inputs.putAll(PluginIdentity.fingerprintInputs(plugin));
        inputs.putAll(selection.fingerprintInputs());
        inputs.putAll(specs.fingerprintInputs());
        inputs.putAll(outputs.layout());
        Fingerprint fingerprint = Fingerprint.of(inputs);

        GeneratedOutputs.Status status = outputs.status(fingerprint);
        if (status.upToDate()) {
            registerSourceRoot(output.toString());
            getLog().info("ArgONNX: up to date (" + files(status.fileCount()) + ") in " + shownRoots());
            return;
        }
        getLog().debug("ArgONNX: regenerating, " + status.reason());

        if (operatorSpecs == null) {
            operatorSpecs = load(specs);
        }
        selection.checkAgainst(operatorSpecs);
        List<GeneratedFile> files;
        try {
            files = Emitters.standard().generate(selection.context(operatorSpecs)).stream()
                    .filter(f -> outputs.kinds().contains(f.kind()))
                    .toList();
        } catch (RuntimeException e) {
            throw new MojoExecutionException("ArgONNX: the generator failed on " + specs.origin() + ": " + e, e);
        }
        GeneratedOutputs.Result result = outputs.synchronize(files, fingerprint);
        registerSourceRoot(output.toString());
        getLog().info("ArgONNX: " + files(result.total()) + " generated (" + result.written() + " written, "
                + result.unchanged() + " unchanged, " + result.staleRemoved() + " stale removed) in " + shownRoots());
    }

    private static List<OperatorSpec> load(SpecInputs specs) throws IOException, MojoFailureException {
        try {
            return specs.load();
        } catch (SpecLoadException e) {
            throw new MojoFailureException(specs.describe(e));
        }
    }

    private SpecInputs readSpecs() throws InvalidConfigurationException, IOException, MojoFailureException {
        if (specDirectory == null) {
            return SpecInputs.bundled(AbstractGenerateMojo.class.getClassLoader());
        }
        Path directory = specDirectory.toPath().toAbsolutePath().normalize();
        try {
            return SpecInputs.fromDirectory(directory, shown(directory));
        } catch (SpecLoadException e) {
            throw new MojoFailureException(SpecInputs.describe(shown(directory), true, e));
        }
    }

    private String shownRoots() throws InvalidConfigurationException {
        return outputRoots().isEmpty() ? shown(outputDirectory().toPath())
                : outputRoots().values().stream().map(this::shown).distinct().collect(Collectors.joining(", "));
    }

    /** A path as the user thinks of it: relative to the project directory when inside it, with {@code /}. */
    protected String shown(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        File basedir = project == null ? null : project.getBasedir();
        if (basedir != null && absolute.startsWith(basedir.toPath().toAbsolutePath().normalize())) {
            Path relative = basedir.toPath().toAbsolutePath().normalize().relativize(absolute);
            return relative.toString().isEmpty() ? "." : relative.toString().replace(File.separatorChar, '/');
        }
        return absolute.toString();
    }

    private static String files(int count) {
        return count + (count == 1 ? " file" : " files");
    }
}
