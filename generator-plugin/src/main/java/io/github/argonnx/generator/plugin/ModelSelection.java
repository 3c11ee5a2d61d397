package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.model.OperatorSpec;
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
 * Turns {@code <models>} into the selection: what the models need, added to the {@code <operators>},
 * {@code <versions>} and {@code <types>} the user gave (a union, never a replacement). Writes the
 * requirements file, logs what it could not derive, and fails the build on what the runtime would refuse.
 */
final class ModelSelection {

    private ModelSelection() {}

    static Selection apply(Selection user, List<Path> models, List<OperatorSpec> specs, Path requirementsFile, Log log,
            Function<Path, String> shown) throws IOException, MojoFailureException {
        ModelRequirements requirements = ModelRequirements.derive(models, specs, shown);
        Selection selection = user.including(requirements.operators(), requirements.versions(), requirements.types());
        Map<String, String> generated = new TreeMap<>();
        selection.fingerprintInputs().forEach((key, value) -> {
            String parameter = key.substring("config.".length());
            boolean noOpsets = parameter.equals(Selection.MODEL_OPSETS) && value.isEmpty();
            if (!noOpsets && List.of(Selection.OPERATORS, Selection.VERSIONS, Selection.MODEL_OPSETS, Selection.TYPES)
                    .contains(parameter)) {
                generated.put("<" + parameter + ">", value);
            }
        });
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
        log.info("ArgONNX: " + models.size() + (models.size() == 1 ? " model needs" : " models need") + " operators "
                + requirements.operators() + ", versions " + requirements.versions() + ", types "
                + (requirements.types().isEmpty() ? "[]" : "[" + NodeChecks.typeNames(requirements.types()) + "]")
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
