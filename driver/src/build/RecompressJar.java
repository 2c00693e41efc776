import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.jar.JarOutputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Rewrites a jar in place with the same entries, in the same order and with the same times, at
 * the strongest compression level, and with each entry's sizes and checksum in its header rather
 * than in a data descriptor after its data: the shade plugin writes the JDK's default level and a
 * 16-byte descriptor for each of the jar's entries. Run by the package phase of driver/pom.xml as
 * {@code java RecompressJar.java <jar>}.
 */
public final class RecompressJar {
  private static final int LEVEL = Deflater.BEST_COMPRESSION;

  private RecompressJar() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: java RecompressJar.java <jar>");
    }
    Path jar = Path.of(args[0]);
    Path rewritten = jar.resolveSibling(jar.getFileName() + ".recompressed");
    Deflater deflater = new Deflater(LEVEL, true);
    try (ZipFile in = new ZipFile(jar.toFile());
        JarOutputStream out = new JarOutputStream(Files.newOutputStream(rewritten))) {
      out.setLevel(LEVEL);
      for (ZipEntry entry : Collections.list(in.entries())) {
        byte[] data;
        try (InputStream content = in.getInputStream(entry)) {
          data = content.readAllBytes();
        }
        out.putNextEntry(withSizes(entry, data, deflater));
        out.write(data);
        out.closeEntry();
      }
    } finally {
      deflater.end();
    }
    long before = Files.size(jar);
    Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
    System.out.println("Recompressed " + jar + ": " + before + " -> " + Files.size(jar) + " bytes");
  }

  /**
   * A copy of the entry with its size, checksum and compressed size known before its data is
   * written, so that no data descriptor follows it. The compressed size is that of the very
   * compression the jar's stream applies (same level, raw deflate), which the stream checks.
   */
  private static ZipEntry withSizes(ZipEntry original, byte[] data, Deflater deflater) throws IOException {
    ZipEntry copy = new ZipEntry(original.getName());
    copy.setTime(original.getTime());
    CRC32 crc = new CRC32();
    crc.update(data);
    copy.setCrc(crc.getValue());
    copy.setSize(data.length);
    if (data.length == 0) {
      copy.setMethod(ZipEntry.STORED);
      copy.setCompressedSize(0);
    } else {
      copy.setMethod(ZipEntry.DEFLATED);
      copy.setCompressedSize(deflatedSize(data, deflater));
    }
    return copy;
  }

  private static long deflatedSize(byte[] data, Deflater deflater) throws IOException {
    deflater.reset();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(data.length / 2 + 64);
    try (OutputStream deflating = new DeflaterOutputStream(bytes, deflater, 64 * 1024)) {
      deflating.write(data);
    }
    return bytes.size();
  }
}
