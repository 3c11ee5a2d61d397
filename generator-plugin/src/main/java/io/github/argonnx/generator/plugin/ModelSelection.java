package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/**
 * Turns {@code <models>} into the selection: per operator, the versions and types the models need, with the
 * {@code <operators>}, {@code <versions>}, {@code <modelOpsets>} and {@code <types>} the user gave added (a union,
 * never a replacement; see {@link Selection}). Writes the requirements file, logs what it could not derive, and
 * fails the build on what the runtime would refuse.
 */
final class ModelSelection {

    private ModelSelection() {}

    static Selection apply(Selection user, List<Path> models, List<OperatorSpec> specs, Path requirementsFile, Log log,
            Function<Path, String> shown) throws IOException, MojoFailureException {
        ModelRequirements requirements = ModelRequirements.derive(models, specs, shown);
        Selection selection = user.withModelNeeds(requirements.needs());
        GenerationContext context = selection.context(specs);
        Map<String, GenerationContext.OperatorFilter> generated = new TreeMap<>();
        for (OperatorSpec op : context.operatorsToGenerate()) {
            generated.put(op.name(), new GenerationContext.OperatorFilter(context.versionsToGenerate(op).stream()
                    .map(VersionSpec::sinceVersion).collect(java.util.stream.Collectors.toSet()), context.typesToGenerate(op)));
        }
        writeIfChanged(requirementsFile, requirements.report(generated));
        String file = shown.apply(requirementsFile);
        requirements.warnings().forEach(w -> log.warn("ArgONNX: " + w));
        if (!requirements.refusals().isEmpty()) {
            throw new MojoFailureException(requirements.failureMessage(file));
        }
        if (requirements.operators().isEmpty() && user.operators().isEmpty() && user.versions().isEmpty()
                && user.modelOpsets().isEmpty() && user.types().isEmpty()) {
            throw new MojoFailureException("ArgONNX: <models>: the " + (models.size() == 1 ? "model holds" : models.size()
                    + " models hold") + " no node of an operator this plugin generates (" + file + " lists what they"
                    + " hold); give <operators> to generate some anyway, or leave <models> out");
        }
        String needs = requirements.needs().entrySet().stream()
                .map(e -> ModelRequirements.describe(e.getKey(), e.getValue()))
                .collect(java.util.stream.Collectors.joining(" | "));
        log.info("ArgONNX: " + models.size() + (models.size() == 1 ? " model needs " : " models need ")
                + (needs.isEmpty() ? "nothing this plugin generates" : needs)
                + " (derived per node in " + file + ")");
        return selection;
    }

    private static void writeIfChanged(Path file, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (Files.isRegularFile(file) && java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
            return;
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, bytes);
    }
}
