package io.github.argonnx.generator.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One operator schema: every version it has had, in ascending order, and its worked examples.
 *
 * @param name operator name, for example {@code ArgMax}
 * @param domain ONNX domain, {@code ai.onnx} for the default domain
 * @param versions versions in ascending {@code since_version} order, at least one
 * @param latestKnownOpset the newest ai.onnx opset the versions are known to be complete up to: the newest
 *     version stays in force until then. Models importing a newer opset may have a version not listed here
 * @param examples worked examples with expected outputs
 * @param location where the operator's mapping starts in its spec file
 */
public record OperatorSpec(
        String name,
        String domain,
        List<VersionSpec> versions,
        int latestKnownOpset,
        List<ExampleSpec> examples,
        SourceLocation location) {

    public OperatorSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(domain, "domain");
        versions = List.copyOf(versions);
        examples = List.copyOf(examples);
        if (versions.isEmpty()) {
            throw new IllegalArgumentException("operator " + name + " has no versions");
        }
        if (latestKnownOpset < versions.get(versions.size() - 1).sinceVersion()) {
            throw new IllegalArgumentException("operator " + name + ": latest known opset " + latestKnownOpset
                    + " is below its newest version " + versions.get(versions.size() - 1).sinceVersion());
        }
    }

    /** The version in force at an opset: the newest whose {@code since_version} is not above it. */
    public Optional<VersionSpec> versionAt(int opset) {
        VersionSpec found = null;
        for (VersionSpec v : versions) {
            if (v.sinceVersion() <= opset) {
                found = v;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The version with exactly this {@code since_version}. */
    public Optional<VersionSpec> version(int sinceVersion) {
        return versions.stream().filter(v -> v.sinceVersion() == sinceVersion).findFirst();
    }

    public VersionSpec latest() {
        return versions.get(versions.size() - 1);
    }

    /** The version before this one, if any. */
    public Optional<VersionSpec> previous(VersionSpec version) {
        int i = versions.indexOf(version);
        return i > 0 ? Optional.of(versions.get(i - 1)) : Optional.empty();
    }
}
