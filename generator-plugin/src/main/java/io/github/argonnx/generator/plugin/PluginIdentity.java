package io.github.argonnx.generator.plugin;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.descriptor.PluginDescriptor;

/**
 * What identifies the generator that runs: the plugin's coordinates, the SHA-256 of its code and the
 * versions of the libraries it runs with. The code hash matters for snapshots, whose version stays the
 * same while the emitters change.
 */
final class PluginIdentity {

    private PluginIdentity() {}

    static SortedMap<String, String> fingerprintInputs(PluginDescriptor plugin) throws IOException {
        SortedMap<String, String> inputs = new TreeMap<>();
        if (plugin == null) {
            inputs.put("plugin", "unknown");
            return inputs;
        }
        inputs.put("plugin", plugin.getGroupId() + ":" + plugin.getArtifactId() + ":" + plugin.getVersion());
        Artifact self = plugin.getPluginArtifact();
        if (self != null && self.getFile() != null) {
            inputs.put("plugin.code", contentHash(self.getFile().toPath()));
        }
        List<Artifact> libraries = plugin.getArtifacts();
        if (libraries != null) {
            for (Artifact a : libraries) {
                inputs.put("plugin.library." + a.getGroupId() + ":" + a.getArtifactId(), a.getVersion());
            }
        }
        return inputs;
    }

    /** SHA-256 of a jar, or of every file of a classes directory in path order, names included. */
    static String contentHash(Path location) throws IOException {
        MessageDigest digest = Fingerprint.sha256();
        if (Files.isDirectory(location)) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(location)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                digest.update(location.relativize(f).toString().replace(File.separatorChar, '/')
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                digest.update((byte) 0);
                update(digest, f);
            }
        } else if (Files.isRegularFile(location)) {
            update(digest, location);
        } else {
            return "missing";
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void update(MessageDigest digest, Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
    }
}
