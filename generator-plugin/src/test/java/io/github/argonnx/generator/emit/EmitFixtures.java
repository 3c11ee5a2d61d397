package io.github.argonnx.generator.emit;

import io.github.argonnx.generator.loader.SpecLoadException;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.loader.SpecSource;
import io.github.argonnx.generator.model.OperatorSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * What the emitter tests run on: the small spec of the docs emitter tests, an ArgMax shaped like the
 * real one (test resources), and contexts that select everything.
 */
public final class EmitFixtures {

    private EmitFixtures() {}

    /** Everything in {@code specs}, into {@code basePackage}, with javax {@code @Generated}. */
    public static GenerationContext everything(List<OperatorSpec> specs, String basePackage) {
        return new GenerationContext(specs, basePackage, Set.of(), Set.of(), Set.of(), GeneratedAnnotation.JAVAX);
    }

    public static OperatorSpec argMax() {
        return load("ArgMax.yaml").get(0);
    }

    public static List<OperatorSpec> load(String file) {
        try (InputStream in = EmitFixtures.class.getResourceAsStream("/emit-fixtures/" + file)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return SpecLoader.load(List.of(new SpecSource(file, text)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SpecLoadException e) {
            throw new AssertionError("fixture " + file + " does not load: " + e.getMessage(), e);
        }
    }
}
