package io.github.argonnx.generator.plugin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emit.GeneratedFile.Kind;
import io.github.argonnx.generator.emit.GeneratedFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratedOutputsTest {

    private static final String STATE = ".argonnx-generate.state";
    private static final FileTime LONG_AGO = FileTime.fromMillis(1_000_000_000_000L);

    @TempDir
    Path dir;

    private final Fingerprint fingerprint = Fingerprint.of(Map.of("config.types", "float"));

    private GeneratedOutputs mainOutputs() {
        return new GeneratedOutputs(dir.resolve("gen").resolve(STATE), Map.of(Kind.MAIN_SOURCE, dir.resolve("gen")));
    }

    private static GeneratedFile main(String path, String content) {
        return new GeneratedFile(Kind.MAIN_SOURCE, path, content);
    }

    @Test
    void firstRunWritesEveryFileAsUtf8AndRecordsThem() throws Exception {
        GeneratedOutputs outputs = mainOutputs();
        GeneratedOutputs.Result result = outputs.synchronize(List.of(
                main("p/A.java", "class A {}\n"), main("p/q/B.java", "// é\nclass B {}\n")), fingerprint);

        assertEquals(new GeneratedOutputs.Result(2, 2, 0, 0), result);
        assertArrayEquals("// é\nclass B {}\n".getBytes(StandardCharsets.UTF_8),
                Files.readAllBytes(dir.resolve("gen/p/q/B.java")));
        String state = Files.readString(dir.resolve("gen/.argonnx-generate.state"));
        assertTrue(state.contains("fingerprint " + fingerprint.hash() + "\n"), state);
        assertTrue(state.contains(" p/A.java\n") && state.contains(" p/q/B.java\n"), state);
        assertTrue(outputs.status(fingerprint).upToDate());
        assertEquals(2, outputs.status(fingerprint).fileCount());
    }

    @Test
    void unchangedFilesAreNotWrittenAgain() throws Exception {
        GeneratedOutputs outputs = mainOutputs();
        List<GeneratedFile> files = List.of(main("p/A.java", "class A {}\n"), main("p/B.java", "class B {}\n"));
        outputs.synchronize(files, fingerprint);
        Path a = dir.resolve("gen/p/A.java");
        Path b = dir.resolve("gen/p/B.java");
        Files.setLastModifiedTime(a, LONG_AGO);
        Files.setLastModifiedTime(b, LONG_AGO);

        GeneratedOutputs.Result result = outputs.synchronize(
                List.of(main("p/A.java", "class A {}\n"), main("p/B.java", "class B { int x; }\n")),
                Fingerprint.of(Map.of("config.types", "int64")));

        assertEquals(new GeneratedOutputs.Result(2, 1, 1, 0), result);
        assertEquals(LONG_AGO, Files.getLastModifiedTime(a), "A.java kept its bytes, so it must not be touched");
        assertFalse(LONG_AGO.equals(Files.getLastModifiedTime(b)), "B.java changed, so it is rewritten");
        assertEquals("class B { int x; }\n", Files.readString(b));
    }

    @Test
    void staleFilesThePreviousRunWroteAreDeletedAndNothingElse() throws Exception {
        GeneratedOutputs outputs = mainOutputs();
        outputs.synchronize(List.of(main("p/A.java", "a"), main("p/old/Gone.java", "g"), main("Top.java", "t")),
                fingerprint);
        Path userFileInRoot = Files.writeString(dir.resolve("gen/Mine.java"), "mine");
        Path userFileBesideStale = Files.writeString(dir.resolve("gen/p/Keep.java"), "keep");

        GeneratedOutputs.Result result = outputs.synchronize(List.of(main("p/A.java", "a")), fingerprint);

        assertEquals(new GeneratedOutputs.Result(1, 0, 1, 2), result);
        assertFalse(Files.exists(dir.resolve("gen/p/old/Gone.java")));
        assertFalse(Files.exists(dir.resolve("gen/p/old")), "a directory left empty by stale removal goes too");
        assertFalse(Files.exists(dir.resolve("gen/Top.java")));
        assertTrue(Files.exists(userFileInRoot));
        assertTrue(Files.exists(userFileBesideStale));
        assertTrue(Files.exists(dir.resolve("gen/p/A.java")));
        assertFalse(Files.readString(dir.resolve("gen/.argonnx-generate.state")).contains("Gone.java"));
    }

    @Test
    void emptyingTheSelectionRemovesEverythingButKeepsTheRoot() throws Exception {
        Path tests = dir.resolve("tests");
        new GeneratedOutputs(tests.resolve(STATE), Map.of(Kind.TEST_SOURCE, tests))
                .synchronize(List.of(new GeneratedFile(Kind.TEST_SOURCE, "p/ATest.java", "t")), fingerprint);

        GeneratedOutputs.Result result = new GeneratedOutputs(tests.resolve(STATE), Map.of(),
                Map.of(Kind.TEST_SOURCE, tests)).synchronize(List.of(), fingerprint);

        assertEquals(new GeneratedOutputs.Result(0, 0, 0, 1), result);
        assertFalse(Files.exists(tests.resolve("p")));
        assertTrue(Files.isRegularFile(tests.resolve(".argonnx-generate.state")));
    }

    @Test
    void filesInASecondRootAreRecordedRelativeToTheStateDirectoryAndRemovedWhenStale() throws Exception {
        Path sources = dir.resolve("target/generated-sources/argonnx");
        Path docs = dir.resolve("target/generated-docs/argonnx");
        GeneratedOutputs withDocs = new GeneratedOutputs(sources.resolve(STATE), Map.of(Kind.MAIN_SOURCE, sources, Kind.DOC, docs));
        withDocs.synchronize(List.of(main("p/A.java", "a"), new GeneratedFile(Kind.DOC, "ops/ArgMax.md", "# ArgMax\n")),
                fingerprint);
        assertEquals("# ArgMax\n", Files.readString(docs.resolve("ops/ArgMax.md")));
        assertTrue(Files.readString(sources.resolve(".argonnx-generate.state"))
                .contains(" DOC ops/ArgMax.md\n"));
        assertEquals(Map.of("root.DOC", "../../generated-docs/argonnx", "root.MAIN_SOURCE", "."), withDocs.layout());

        GeneratedOutputs.Result result = new GeneratedOutputs(sources.resolve(STATE), Map.of(Kind.MAIN_SOURCE, sources),
                Map.of(Kind.DOC, docs)).synchronize(List.of(main("p/A.java", "a")), fingerprint);

        assertEquals(1, result.staleRemoved());
        assertFalse(Files.exists(docs.resolve("ops")));
        assertTrue(Files.isDirectory(docs), "the docs root itself is the user's configured directory and stays");
    }

    @Test
    void statusExplainsWhyOutputsAreOutOfDate() throws Exception {
        GeneratedOutputs outputs = mainOutputs();
        assertFalse(outputs.status(fingerprint).upToDate(), "nothing generated yet");

        outputs.synchronize(List.of(main("p/A.java", "a"), main("p/B.java", "b")), fingerprint);
        GeneratedOutputs.Status changedConfig = outputs.status(Fingerprint.of(Map.of("config.types", "int64")));
        assertFalse(changedConfig.upToDate());
        assertTrue(changedConfig.reason().contains("config.types"), changedConfig.reason());

        Files.writeString(dir.resolve("gen/p/A.java"), "edited by hand");
        GeneratedOutputs.Status edited = outputs.status(fingerprint);
        assertFalse(edited.upToDate());
        assertTrue(edited.reason().contains("p/A.java"), edited.reason());

        Files.writeString(dir.resolve("gen/p/A.java"), "a");
        Files.delete(dir.resolve("gen/p/B.java"));
        GeneratedOutputs.Status missing = outputs.status(fingerprint);
        assertFalse(missing.upToDate());
        assertTrue(missing.reason().contains("p/B.java is missing"), missing.reason());
    }

    @Test
    void sameOutputInAnotherDirectoryGivesTheSameBytesIncludingTheState() throws Exception {
        List<GeneratedFile> files = List.of(main("p/B.java", "b\n"), main("p/A.java", "a\n"));
        Path one = dir.resolve("one");
        Path two = dir.resolve("machine2/elsewhere");
        new GeneratedOutputs(one.resolve(STATE), Map.of(Kind.MAIN_SOURCE, one)).synchronize(files, fingerprint);
        new GeneratedOutputs(two.resolve(STATE), Map.of(Kind.MAIN_SOURCE, two)).synchronize(List.of(files.get(1), files.get(0)),
                fingerprint);
        for (String name : List.of("p/A.java", "p/B.java", ".argonnx-generate.state")) {
            assertArrayEquals(Files.readAllBytes(one.resolve(name)), Files.readAllBytes(two.resolve(name)), name);
        }
        assertFalse(Files.readString(one.resolve(".argonnx-generate.state")).contains("\r"));
    }

    @Test
    void unreadableStateMeansRegenerateWithoutDeletingAnything() throws Exception {
        Path gen = Files.createDirectories(dir.resolve("gen"));
        Files.writeString(gen.resolve(".argonnx-generate.state"), "garbage that is not a state file\n");
        Path userFile = Files.writeString(gen.resolve("User.java"), "u");
        GeneratedOutputs outputs = mainOutputs();

        assertFalse(outputs.status(fingerprint).upToDate());
        GeneratedOutputs.Result result = outputs.synchronize(List.of(main("p/A.java", "a")), fingerprint);

        assertEquals(0, result.staleRemoved());
        assertTrue(Files.exists(userFile));
        assertTrue(outputs.status(fingerprint).upToDate());
    }

    @Test
    void pathsOutsideTheRootAndKindsTheGoalDoesNotGenerateAreRejected() {
        GeneratedOutputs outputs = mainOutputs();
        assertThrows(IllegalArgumentException.class,
                () -> outputs.synchronize(List.of(main("../escape.java", "x")), fingerprint));
        assertThrows(IllegalArgumentException.class,
                () -> outputs.synchronize(List.of(main("/abs/A.java", "x")), fingerprint));
        assertThrows(IllegalArgumentException.class, () -> outputs.synchronize(
                List.of(new GeneratedFile(Kind.TEST_SOURCE, "p/ATest.java", "x")), fingerprint));
        assertFalse(Files.exists(dir.resolve("escape.java")));
    }

    @Test
    void aStateEntryOutsideEveryRootIsNeverDeleted() throws Exception {
        Path outside = Files.writeString(dir.resolve("precious.txt"), "keep");
        Path gen = Files.createDirectories(dir.resolve("gen"));
        Files.writeString(gen.resolve(STATE), "fingerprint x\nroot MAIN_SOURCE .\nfile %s MAIN_SOURCE ../precious.txt\n"
                .formatted(Fingerprint.sha256Hex("keep".getBytes(StandardCharsets.UTF_8))));

        GeneratedOutputs.Result result = mainOutputs().synchronize(List.of(main("p/A.java", "a")), fingerprint);

        assertEquals(0, result.staleRemoved());
        assertTrue(Files.exists(outside));
    }

    @Test
    void twoGoalsSharingADirectoryKeepTheirOwnFiles() throws Exception {
        Path shared = dir.resolve("shared");
        GeneratedOutputs mainGoal = new GeneratedOutputs(shared.resolve(".argonnx-generate.state"),
                Map.of(Kind.MAIN_SOURCE, shared));
        GeneratedOutputs testGoal = new GeneratedOutputs(shared.resolve(".argonnx-generate-tests.state"),
                Map.of(Kind.TEST_SOURCE, shared));
        mainGoal.synchronize(List.of(main("p/A.java", "a")), fingerprint);
        GeneratedOutputs.Result tests = testGoal.synchronize(
                List.of(new GeneratedFile(Kind.TEST_SOURCE, "p/ATest.java", "t")), fingerprint);

        assertEquals(0, tests.staleRemoved());
        assertTrue(Files.exists(shared.resolve("p/A.java")));
        assertTrue(mainGoal.status(fingerprint).upToDate());
        assertTrue(testGoal.status(fingerprint).upToDate());
    }

    @Test
    void writeIfChangedReportsWhetherItWrote() throws Exception {
        Path file = dir.resolve("x/y.txt");
        assertTrue(GeneratedOutputs.writeIfChanged(file, new byte[] {1, 2}));
        assertFalse(GeneratedOutputs.writeIfChanged(file, new byte[] {1, 2}));
        assertTrue(GeneratedOutputs.writeIfChanged(file, new byte[] {1, 3}));
        assertArrayEquals(new byte[] {1, 3}, Files.readAllBytes(file));
        try (var left = Files.list(file.getParent())) {
            assertEquals(List.of(file), left.toList(), "no temporary files are left behind");
        }
    }

    @Test
    void writtenFilesGetTheUsualPermissionsOfNewFiles() throws Exception {
        Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        Path generated = dir.resolve("generated.txt");
        GeneratedOutputs.writeIfChanged(generated, new byte[] {1});
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(generated));
    }

    private static String sha(String text) {
        return Fingerprint.sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A forged state with an escaping root and file, or an absolute path, deletes nothing. */
    @Test
    void aForgedStateDeletesNothingOutsideTheRoots() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path pom = Files.writeString(project.resolve("pom.xml"), "<project/>");
        Path absolute = Files.writeString(dir.resolve("absolute.txt"), "abs");
        Path gen = Files.createDirectories(project.resolve("target/gen"));
        Files.writeString(gen.resolve(STATE), "fingerprint x\nroot MAIN_SOURCE ../../..\nroot EVIL ../..\n"
                + "file " + sha("<project/>") + " MAIN_SOURCE ../../pom.xml\n"
                + "file " + sha("<project/>") + " EVIL pom.xml\n"
                + "file " + sha("abs") + " MAIN_SOURCE " + absolute + "\n");
        GeneratedOutputs outputs = new GeneratedOutputs(gen.resolve(STATE), Map.of(Kind.MAIN_SOURCE, gen));

        outputs.synchronize(List.of(main("p/A.java", "a")), fingerprint);

        assertTrue(Files.exists(pom));
        assertTrue(Files.exists(absolute));
    }

    /** A file the state names is deleted only while it holds what the state recorded. */
    @Test
    void aStaleFileChangedSinceItWasWrittenIsKept() throws Exception {
        GeneratedOutputs outputs = mainOutputs();
        outputs.synchronize(List.of(main("p/A.java", "a"), main("p/B.java", "b")), fingerprint);
        Files.writeString(dir.resolve("gen/p/B.java"), "edited by hand");

        GeneratedOutputs.Result result = outputs.synchronize(List.of(main("p/A.java", "a")), fingerprint);

        assertEquals(0, result.staleRemoved());
        assertEquals("edited by hand", Files.readString(dir.resolve("gen/p/B.java")));
    }

    /** A symbolic link inside the root that leads out of it is not followed for deletion. */
    @Test
    void aSymbolicLinkOutOfTheRootIsNotFollowed() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path precious = Files.writeString(outside.resolve("A.java"), "a");
        Path gen = Files.createDirectories(dir.resolve("gen"));
        try {
            Files.createSymbolicLink(gen.resolve("p"), outside);
        } catch (UnsupportedOperationException | java.io.IOException e) {
            Assumptions.abort("no symbolic links here: " + e);
        }
        Files.writeString(gen.resolve(STATE), "fingerprint x\nfile " + sha("a") + " MAIN_SOURCE p/A.java\n");

        mainOutputs().synchronize(List.of(main("q/B.java", "b")), fingerprint);

        assertTrue(Files.exists(precious));
    }

    /** A manifest entry naming a directory is left alone, not a DirectoryNotEmptyException. */
    @Test
    void aManifestEntryNamingADirectoryIsLeftAlone() throws Exception {
        Path gen = Files.createDirectories(dir.resolve("gen"));
        Files.writeString(Files.createDirectories(gen.resolve("p/Dir.java")).resolve("x"), "x");
        Files.writeString(gen.resolve(STATE), "fingerprint x\nfile " + sha("a") + " MAIN_SOURCE p/Dir.java\n");

        GeneratedOutputs.Result result = mainOutputs().synchronize(List.of(main("p/A.java", "a")), fingerprint);

        assertEquals(0, result.staleRemoved());
        assertTrue(Files.exists(gen.resolve("p/Dir.java/x")));
    }

    /**
     * A run that stops half way (here: a directory blocks one of its files) is completed by
     * the next one, even when that one goes back to the earlier configuration, which is "up to date" by its
     * fingerprint.
     */
    @Test
    void anInterruptedRunIsCompletedByTheNextOne() throws Exception {
        GeneratedOutputs outputs = mainOutputs();
        List<GeneratedFile> old = List.of(main("old/A.java", "a"));
        outputs.synchronize(old, fingerprint);
        Files.createDirectories(dir.resolve("gen/renamed/Z.java/blocker"));
        Fingerprint other = Fingerprint.of(Map.of("config.packageName", "renamed"));

        assertThrows(java.io.IOException.class, () -> outputs.synchronize(
                List.of(main("renamed/A.java", "a"), main("renamed/B.java", "b"), main("renamed/Z.java", "z")), other));
        assertTrue(Files.exists(dir.resolve("gen/renamed/A.java")), "the interrupted run wrote part of its files");
        Files.delete(dir.resolve("gen/renamed/Z.java/blocker"));
        Files.delete(dir.resolve("gen/renamed/Z.java"));

        assertFalse(outputs.status(fingerprint).upToDate());
        outputs.synchronize(old, fingerprint);

        try (var files = Files.walk(dir.resolve("gen"))) {
            assertEquals(List.of(".argonnx-generate.state", "old/A.java"), files.filter(Files::isRegularFile)
                    .map(f -> dir.resolve("gen").relativize(f).toString().replace('\\', '/')).sorted().toList());
        }
        assertTrue(outputs.status(fingerprint).upToDate());
    }

    /** The temporary file a killed write leaves next to a journaled file does not stay forever. */
    @Test
    void temporaryFilesOfAKilledRunAreRemoved() throws Exception {
        GeneratedOutputs outputs = mainOutputs();
        outputs.synchronize(List.of(main("p/A.java", "a")), fingerprint);
        Path state = dir.resolve("gen").resolve(STATE);
        Files.writeString(state, Files.readString(state) + "pending " + sha("b") + " MAIN_SOURCE p/B.java\n");
        Path leftover = Files.writeString(dir.resolve("gen/p/.B.java.argonnx-tmp"), "");
        Path stateLeftover = Files.writeString(dir.resolve("gen/." + STATE + ".argonnx-tmp"), "");

        outputs.synchronize(List.of(main("p/A.java", "a")), fingerprint);

        assertFalse(Files.exists(leftover));
        assertFalse(Files.exists(stateLeftover));
    }
}
